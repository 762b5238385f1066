import type { RouteGroup } from './groups';
import type { Tally } from './tally';

/** p99 ceilings of issue 28 at 250 players, by route group. */
export const P99_TARGETS: Partial<Record<RouteGroup, number>> = {
  'shared reads': 250,
  'per-user reads': 400,
  'buys/sells/trade answers': 600,
};
/** Beyond 250 players, the share of requests that may be refused (429/503 with Retry-After). */
export const MAX_REFUSED_SHARE = 0.05;
/** Up to this many players the strict targets apply; beyond it, those of an overloaded crowd. */
export const STRICT_UP_TO = 250;

/**
 * The targets a level is held to, and what it missed (empty: met). Up to 250 players: no 5xx, no
 * refusal, no timeout and the p99 ceilings. Beyond: no 5xx that is not a refusal (500, 502, 504, a
 * 503 without Retry-After) and no timeout or lost connection; refusals (429 or 503 with Retry-After)
 * under 5% of the requests, none without Retry-After. The audit is judged once, after the last
 * level (`capacity`).
 */
export function missedTargets(players: number, tally: Tally): string[] {
  const missed: string[] = [];
  const lost = tally.count('timeout') + tally.count('no answer');
  if (lost > 0) missed.push(`${lost} timeouts or lost connections`);
  // What is left under 503 is a 503 without Retry-After: beyond 250 players named as such below.
  const strict = players <= STRICT_UP_TO;
  const fives = tally.statuses().filter((s) => s.startsWith('5') && (strict || s !== '503'));
  for (const s of fives) missed.push(`${tally.count(s)} × ${s}`);
  if (strict) {
    for (const s of tally.refusedStatuses()) missed.push(`${tally.refusedCount(s)} × ${s} refused`);
    for (const [group, f] of tally.groups()) {
      const ceiling = P99_TARGETS[group];
      if (ceiling !== undefined && f.p99 > ceiling)
        missed.push(`${group} p99 ${f.p99.toFixed(0)} ms > ${ceiling} ms`);
    }
    return missed;
  }
  if (tally.refusalsWithoutRetryAfter > 0)
    missed.push(`${tally.refusalsWithoutRetryAfter} refusals without Retry-After`);
  if (tooManyRefused(tally))
    missed.push(`${((tally.refused() / tally.total) * 100).toFixed(1)}% refused (429/503) ≥ 5%`);
  return missed;
}

/** Refusals with Retry-After make up MAX_REFUSED_SHARE of the requests or more. */
export const tooManyRefused = (tally: Tally): boolean =>
  tally.total > 0 && tally.refused() >= MAX_REFUSED_SHARE * tally.total;

/** The largest level that met its targets, provided the audit held (0 when none did, or it failed). */
export function capacity(levels: { players: number; missed: string[] }[], auditOk: boolean): number {
  if (!auditOk) return 0;
  return Math.max(0, ...levels.filter((l) => l.missed.length === 0).map((l) => l.players));
}
