import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export interface RosterCheckRow {
  user_id: number;
  event_at: Date;
  version: number;
}

/** Asks for the user's collection to be checked for a completed club (a card reached them at `eventAt`). */
export async function requestRosterCheck(
  trx: Knex.Transaction,
  userId: number,
  eventAt: Date,
): Promise<void> {
  await trx('roster_checks')
    .insert({ user_id: userId, event_at: eventAt, version: 1 })
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

/** Clears the request this check saw; one that arrived meanwhile (a higher version) stays. */
export async function clearRosterCheck(db: Db, check: RosterCheckRow): Promise<void> {
  await db('roster_checks').where({ user_id: check.user_id, version: check.version }).delete();
}
