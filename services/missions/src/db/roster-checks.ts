import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export interface RosterCheckRow {
  user_id: number;
  event_at: Date;
  version: number;
}

/**
 * Asks for each user's collection to be checked for a completed team (cards reached them, the last at
 * `eventAt`). One row per user and statement, as Postgres requires of an upsert, in user order (the
 * lock order of every writer of these rows).
 */
export async function requestRosterChecks(
  trx: Knex.Transaction,
  requests: { userId: number; eventAt: Date }[],
): Promise<void> {
  const latest = new Map<number, Date>();
  for (const { userId, eventAt } of requests) {
    const seen = latest.get(userId);
    if (!seen || eventAt > seen) latest.set(userId, eventAt);
  }
  if (latest.size === 0) return;
  const rows = [...latest]
    .sort(([a], [b]) => a - b)
    .map(([userId, eventAt]) => ({ user_id: userId, event_at: eventAt, version: 1 }));
  await trx('roster_checks')
    .insert(rows)
    .onConflict('user_id')
    .merge({
      event_at: trx.raw('greatest(roster_checks.event_at, excluded.event_at)'),
      version: trx.raw('roster_checks.version + 1'),
    });
}

export async function pendingRosterChecks(db: Db, limit: number): Promise<RosterCheckRow[]> {
  const rows = (await db('roster_checks').orderBy('event_at').limit(limit)) as RosterCheckRow[];
  return rows.map((row) => ({ ...row, event_at: toDate(row.event_at) }));
}

/** Clears the requests these checks saw, in one statement; one that arrived meanwhile (a higher version) stays. */
export async function clearRosterChecks(db: Db, checks: RosterCheckRow[]): Promise<void> {
  if (checks.length === 0) return;
  await db('roster_checks')
    .whereIn(
      ['user_id', 'version'],
      checks.map((check) => [check.user_id, check.version]),
    )
    .delete();
}
