/**
 * One line per log event for a person at a terminal: `12:04:05.120 INFO  wallet-payments  msg key=value`.
 * Written to by pino in place of its JSON destination, so it formats pino's own JSON line; only the
 * pretty path (a TTY, or LOG_FORMAT=pretty) pays for the parse.
 */
export interface LogOutput {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

const LEVELS: Record<number, { label: string; color: number }> = {
  10: { label: 'TRACE', color: 90 },
  20: { label: 'DEBUG', color: 36 },
  30: { label: 'INFO ', color: 32 },
  40: { label: 'WARN ', color: 33 },
  50: { label: 'ERROR', color: 31 },
  60: { label: 'FATAL', color: 35 },
};
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'service', 'name', 'pid', 'hostname', 'err']);

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

interface LoggedError {
  message?: string;
  stack?: string;
}

/** The line for one pino JSON record; an error's stack follows on indented lines. */
export function prettyLine(record: Record<string, unknown>, colors: boolean): string {
  const paint = (code: number, text: string) => (colors ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = LEVELS[Number(record.level)] ?? { label: String(record.level), color: 0 };
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : String(record.time ?? '');
  const fields = Object.entries(record)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, value]) => `${paint(90, `${key}=`)}${formatValue(value)}`);
  const err = record.err as LoggedError | undefined;
  if (err?.message) fields.push(`${paint(90, 'err=')}${formatValue(err.message)}`);
  const head = [
    paint(90, time),
    paint(level.color, level.label),
    paint(1, String(record.service ?? record.name ?? '')),
    String(record.msg ?? ''),
    ...fields,
  ].join(' ');
  const stack = err?.stack
    ?.split('\n')
    .slice(1)
    .map((line) => `    ${line.trim()}`)
    .join('\n');
  return stack ? `${head}\n${paint(90, stack)}\n` : `${head}\n`;
}

/** A pino destination that writes `prettyLine`s to `out`. */
export function prettyDestination(out: LogOutput, colors: boolean): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (line === '') continue;
        let record: Record<string, unknown>;
        try {
          record = JSON.parse(line) as Record<string, unknown>;
        } catch {
          out.write(`${line}\n`);
          continue;
        }
        out.write(prettyLine(record, colors));
      }
    },
  };
}
