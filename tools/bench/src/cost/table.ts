import { total, type Usage } from './meter';

/** Columns of the stack's processes, by processLabel, in the request's path order; the rest go to `other`. */
const PROCESSES: [label: string, column: string][] = [
  ['gateway', 'gateway'],
  ['identity', 'identity'],
  ['wallet-payments', 'wallet'],
  ['cards-market', 'cards'],
  ['trading', 'trading'],
  ['missions', 'missions'],
  ['leaderboard', 'leaderb'],
  ['notifications', 'notif'],
  ['admin', 'admin'],
  ['launcher/src/stack.ts', 'kafka'],
  ['other', 'other'],
  ['postgres', 'pg'],
];

export interface Row {
  kind: string;
  operations: number;
  failed: string;
  perOp: Usage;
}

function byColumn(cpu: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  const known = new Set(PROCESSES.map(([label]) => label));
  for (const [label, ms] of cpu) {
    const key = known.has(label) ? label : 'other';
    out.set(key, (out.get(key) ?? 0) + ms);
  }
  return out;
}

const cell = (n: number, digits: number, width: number) => n.toFixed(digits).padStart(width);

/**
 * One line per kind: CPU ms per operation in all (every process and Postgres), then by process
 * (the launcher's column is the Kafka mock broker it hosts), then round trips per operation.
 */
export function table(rows: readonly Row[]): string {
  const kindWidth = Math.max(4, ...rows.map((r) => r.kind.length));
  const head = [
    'kind'.padEnd(kindWidth),
    '    n',
    ' total',
    ...PROCESSES.map(([, c]) => c.padStart(8)),
    '  gRPC',
    '   SQL',
    ' Redis',
    'events',
    'handled',
  ].join(' ');
  const lines = rows.map((r) => {
    const cpu = byColumn(r.perOp.cpu);
    return [
      r.kind.padEnd(kindWidth),
      String(r.operations).padStart(5),
      cell(total(r.perOp.cpu), 2, 6),
      ...PROCESSES.map(([label]) => cell(cpu.get(label) ?? 0, 2, 8)),
      cell(total(r.perOp.grpc), 1, 6),
      cell(total(r.perOp.sql), 1, 6),
      cell(total(r.perOp.redis), 1, 6),
      cell(r.perOp.events.get('written') ?? 0, 1, 6),
      cell(r.perOp.events.get('handled') ?? 0, 1, 7),
    ].join(' ');
  });
  return [head, ...lines].join('\n');
}

/** With BENCH_SQL_TEXTS=1: each statement of at least 0.05 per operation, most run first. */
function statementTexts(texts: Map<string, number>): string[] {
  return [...texts]
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => {
      const [service, text] = key.split('\t');
      return `      ${n.toFixed(2).padStart(5)} ${service!.padEnd(13)} ${text}`;
    });
}

/** What the counts are made of, per kind: the calls, statements and commands of at least 0.05 per operation. */
export function details(rows: readonly Row[]): string {
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([, n]) => n >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n.toFixed(1)}`)
      .join(', ') || '-';
  return rows
    .map((r) =>
      [
        `${r.kind}${r.failed ? ` (not as expected: ${r.failed})` : ''}`,
        `    gRPC : ${top(r.perOp.grpc)}`,
        `    SQL  : ${top(r.perOp.sql)}`,
        `    Redis: ${top(r.perOp.redis)}`,
        ...statementTexts(r.perOp.sqlTexts),
      ].join('\n'),
    )
    .join('\n');
}
