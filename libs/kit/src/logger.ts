import { pino, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';
import { currentContext } from './context';
import { prettyDestination, type LogOutput } from './log-pretty';

export type { Logger } from 'pino';
export type LogFormat = 'pretty' | 'json';

/**
 * Pretty for a person at a terminal, JSON for everything that reads logs (CI, Kubernetes, tests):
 * `LOG_FORMAT` decides when set, otherwise whether the output is a TTY.
 */
export function chooseLogFormat(output: LogOutput, requested?: LogFormat): LogFormat {
  return requested ?? (output.isTTY ? 'pretty' : 'json');
}

/** Logs with the request id and, when tracing is on, the trace and span ids of the active span. */
export function createLogger(options: {
  service: string;
  level?: string;
  format?: LogFormat;
  /** Where the lines go: stdout unless a test passes its own. */
  output?: LogOutput;
}): Logger {
  const output = options.output ?? process.stdout;
  const settings = {
    name: options.service,
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const fields: Record<string, string> = {};
      const requestId = currentContext()?.requestId;
      if (requestId) fields.requestId = requestId;
      const span = trace.getActiveSpan()?.spanContext();
      if (span && span.traceId !== '00000000000000000000000000000000') {
        fields.traceId = span.traceId;
        fields.spanId = span.spanId;
      }
      return fields;
    },
  };
  if (chooseLogFormat(output, options.format) === 'pretty')
    return pino(settings, prettyDestination(output, output.isTTY === true && !process.env.NO_COLOR));
  // stdout keeps pino's own destination (sonic-boom on fd 1), the fast path.
  const { output: injected } = options;
  return injected ? pino(settings, { write: (chunk: string) => void injected.write(chunk) }) : pino(settings);
}
