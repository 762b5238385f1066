import type { AuditLine } from '@touchline/chaos/audit/line';
import { cpuMsBetween, cpuMsByLabel } from '../proc';
import type { LiveStream } from './stream';
import type { Tally } from './tally';

export interface LevelFigures {
  players: number;
  tally: Tally;
  elapsed: number;
  signUpSeconds: number;
  signedUp: number;
  streams: LiveStream[];
  cpuBefore: Map<number, number>;
  cpuAfter: Map<number, number>;
  pgBefore: Map<number, number>;
  pgAfter: Map<number, number>;
  driverCpu: NodeJS.CpuUsage;
  /** Statements sent in the window by service (BENCH_COUNT_SQL=1). */
  sql?: Map<string, number>;
  /** Statements by `service<TAB>text` (BENCH_SQL_TEXTS=1). */
  sqlTexts?: Map<string, number>;
  missed: string[];
}

const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

/** The ramp of a level, while its new players come in: not in the level's figures, but its failures count. */
export function reportRamp(seconds: number, tally: Tally): void {
  const failures = tally.statuses().map((status) => `${status} × ${tally.count(status)}`);
  const refused = tally.refusedStatuses().map((status) => `${status} × ${tally.refusedCount(status)}`);
  const p99 = Math.max(0, ...tally.groups().map(([, g]) => g.p99));
  console.log(
    `         ramp (${seconds} s, new players coming in): ${tally.total} requests, slowest group p99 ${p99.toFixed(0)} ms, non-2xx: ${failures.length > 0 ? failures.join('; ') : 'none'}; refused with Retry-After: ${refused.length > 0 ? refused.join('; ') : 'none'}`,
  );
}

/** `503 × 12 (shared reads 10, packs 2)` for each status of `byStatus`. */
const byGroup = (byStatus: Map<string, Map<string, number>>, count: (status: string) => number) =>
  [...byStatus.keys()].sort().map((status) => {
    const groups = [...byStatus.get(status)!].map(([g, n]) => `${g} ${n}`).join(', ');
    return `${status} × ${count(status)} (${groups})`;
  });

/** One level's block of the table. */
export function report(f: LevelFigures): void {
  const { tally } = f;
  const per1000 = (cpuMs: number) => ((cpuMs / Math.max(1, tally.total)) * 1000).toFixed(0);
  console.log(
    `  ${String(f.players).padStart(4)} players: ${(tally.total / f.elapsed).toFixed(1)} requests/s (${tally.total} in ${f.elapsed.toFixed(0)} s; ${f.signedUp} signed up before it in ${f.signUpSeconds.toFixed(0)} s)`,
  );
  for (const [group, g] of tally.groups())
    console.log(
      `         ${group.padEnd(25)} ${String(g.count).padStart(7)}  p50 ${ms(g.p50)}  p95 ${ms(g.p95)}  p99 ${ms(g.p99)}`,
    );
  const slowest = tally
    .slowestRoutes(5)
    .map(([route, g]) => `${route} ${g.p99.toFixed(0)} (${g.count})`)
    .join(', ');
  console.log(`         slowest routes by p99 ms (calls): ${slowest}`);
  const busiest = tally
    .busiestRoutes(Number(process.env.BENCH_TOP_ROUTES ?? 12))
    .map(([route, count]) => `${route} ${((100 * count) / Math.max(1, tally.total)).toFixed(1)}%`)
    .join(', ');
  console.log(`         most called routes (share of requests): ${busiest}`);
  const failures = byGroup(tally.failures, (s) => tally.count(s));
  console.log(
    `         non-2xx: ${failures.length > 0 ? failures.join('; ') : 'none'} (besides ${tally.notModified} × 304 to If-None-Match)`,
  );
  // Refusals apart from the failures: the server said "busy, come back" at once, nothing was done.
  const refused = byGroup(tally.refusals, (s) => tally.refusedCount(s));
  console.log(
    `         refused with Retry-After: ${refused.length > 0 ? `${refused.join('; ')}, ${((tally.refused() / Math.max(1, tally.total)) * 100).toFixed(1)}% of the requests` : 'none'}`,
  );
  const opens = new Map<string, number>();
  for (const s of f.streams)
    for (const [status, n] of s.opens) opens.set(status, (opens.get(status) ?? 0) + n);
  const ends = f.streams.reduce((a, s) => a + s.ends, 0);
  console.log(
    `         live streams: ${f.streams.length} held; opening answers so far ${JSON.stringify(Object.fromEntries(opens))}, ended and reopened ${ends}`,
  );
  const byProcess = cpuMsByLabel(f.cpuBefore, f.cpuAfter)
    .filter(([, cpu]) => cpu > 0)
    .map(([name, cpu]) => `${name} ${per1000(cpu)}`);
  const driver = (f.driverCpu.user + f.driverCpu.system) / 1000;
  console.log(
    `         CPU ms per 1,000 requests: stack ${per1000(cpuMsBetween(f.cpuBefore, f.cpuAfter))} (${byProcess.join(', ')}), Postgres ${per1000(cpuMsBetween(f.pgBefore, f.pgAfter))}; the load driver ${per1000(driver)}`,
  );
  if (f.sql) {
    const total = [...f.sql.values()].reduce((a, b) => a + b, 0);
    const byService = [...f.sql]
      .sort((a, b) => b[1] - a[1])
      .map(([service, n]) => `${service} ${per1000(n)}`);
    console.log(`         SQL statements per 1,000 requests: ${per1000(total)} (${byService.join(', ')})`);
  }
  if (f.sqlTexts) {
    console.log('         most run statements, per 1,000 requests:');
    for (const [key, n] of [...f.sqlTexts].sort((a, b) => b[1] - a[1]).slice(0, TOP_STATEMENTS)) {
      const [service, text] = key.split('\t');
      console.log(`         ${per1000(n).padStart(6)} ${service!.padEnd(13)} ${text}`);
    }
  }
  console.log(`         targets: ${f.missed.length === 0 ? 'met' : `missed: ${f.missed.join('; ')}`}`);
}

/** How many statements BENCH_SQL_TEXTS lists per level. */
const TOP_STATEMENTS = 40;

export function reportAudit(audit: AuditLine[]): void {
  for (const l of audit)
    console.log(
      `  audit ${l.violations.length === 0 ? 'ok    ' : 'FAILED'} ${l.name}${l.note ? ` (${l.note})` : ''}${l.violations.length > 0 ? `: ${l.violations.slice(0, 5).join('; ')}` : ''}`,
    );
}
