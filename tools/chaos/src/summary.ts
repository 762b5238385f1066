import { isDone, isRefused, isUnknown, type AnswerLog } from './answers';
import type { AuditLine } from './audit/line';
import type { FaultCounts } from './faults';
import { tradeAcceptLines } from './summary-trades';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** The one summary of a run: operations, faults, bus chaos, latencies and the audit. */
export function printSummary(options: {
  seconds: number;
  players: number;
  log: AnswerLog;
  faults: FaultCounts;
  bus: { duplicates: number; reorders: number };
  /** Process exits the supervisor saw; more than the kills means something crashed by itself. */
  exits: number;
  audit: AuditLine[];
  settledInSeconds: number;
}): void {
  const { log, faults, bus, audit } = options;
  const kinds = new Map<
    string,
    { ok: number; refused: number; unknown: number; statuses: Map<number, number>; ms: number[] }
  >();
  for (const a of log.all) {
    let k = kinds.get(a.kind);
    if (!k) kinds.set(a.kind, (k = { ok: 0, refused: 0, unknown: 0, statuses: new Map(), ms: [] }));
    if (isDone(a)) k.ok += 1;
    else if (isRefused(a)) k.refused += 1;
    else if (isUnknown(a)) k.unknown += 1;
    k.statuses.set(a.status, (k.statuses.get(a.status) ?? 0) + 1);
    if (!a.followUp) k.ms.push(a.ms);
  }
  const out: string[] = [];
  out.push(
    `\nchaos: ${options.seconds} s of load by ${options.players} players on the stack (8 services + gateway, Postgres, Redis, Kafka mock)`,
  );
  out.push(`\noperations (${log.all.length} answers; status counts, 0 = no answer)`);
  out.push(
    `  ${'kind'.padEnd(22)} ${'total'.padStart(6)} ${'ok'.padStart(6)} ${'4xx'.padStart(6)} ${'unknown'.padStart(8)}   p50 ms   p99 ms  statuses`,
  );
  for (const [kind, k] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...k.ms].sort((a, b) => a - b);
    const statuses = [...k.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}:${c}`)
      .join(' ');
    out.push(
      `  ${kind.padEnd(22)} ${String(k.ok + k.refused + k.unknown).padStart(6)} ${String(k.ok).padStart(6)} ${String(k.refused).padStart(6)} ${String(k.unknown).padStart(8)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${percentile(sorted, 99).toFixed(0).padStart(8)}  ${statuses}`,
    );
  }
  out.push(`\ntrade accepts`, ...tradeAcceptLines(log));
  const kills = [...faults.kills].sort(([a], [b]) => a.localeCompare(b));
  out.push(`\nfaults`);
  out.push(
    `  SIGKILL: ${kills.reduce((s, [, c]) => s + c, 0)} (${kills.map(([n, c]) => `${n} ${c}`).join(', ') || 'none'})`,
  );
  out.push(
    `  SIGSTOP/SIGCONT of wallet-payments: ${faults.pauses} pauses, ${(faults.pausedMs / 1000).toFixed(1)} s in all`,
  );
  out.push(`  bus: ${bus.duplicates} events delivered twice, ${bus.reorders} batches delivered out of order`);
  out.push(`  settled ${options.settledInSeconds.toFixed(0)} s after the load stopped`);
  out.push(`\naudit`);
  for (const l of audit) {
    if (l.violations.length === 0) out.push(`  ok    ${l.name}${l.note ? ` (${l.note})` : ''}`);
    else {
      out.push(`  FAIL  ${l.name}: ${l.violations.length} violation(s)${l.note ? ` (${l.note})` : ''}`);
      for (const v of l.violations.slice(0, 10)) out.push(`          - ${v}`);
    }
  }
  const failed = audit.filter((l) => l.violations.length > 0).length;
  out.push(`\n${failed === 0 ? 'chaos: every audit line holds' : `chaos: ${failed} audit line(s) FAILED`}`);
  console.log(out.join('\n'));
}
