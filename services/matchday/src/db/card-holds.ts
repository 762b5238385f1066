import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export type HoldState = 'holding' | 'held' | 'releasing' | 'released';

export interface HoldRow {
  hold_key: string;
  matchday_id: number;
  user_id: number;
  card_id: number;
  state: HoldState;
  updated_at: Date;
}

function normalise(row: HoldRow): HoldRow {
  return {
    ...row,
    matchday_id: Number(row.matchday_id),
    user_id: Number(row.user_id),
    card_id: Number(row.card_id),
    updated_at: toDate(row.updated_at),
  };
}

/** Records holds about to be asked of cards-market, so a crash between leaves a trace the sweeper voids. */
export async function insertHolds(
  db: Db,
  holds: readonly { holdKey: string; matchdayId: number; userId: number; cardId: number }[],
  now: Date,
): Promise<void> {
  if (holds.length === 0) return;
  await db('card_holds').insert(
    holds.map((h) => ({
      hold_key: h.holdKey,
      matchday_id: h.matchdayId,
      user_id: h.userId,
      card_id: h.cardId,
      state: 'holding',
      updated_at: now,
    })),
  );
}

export async function setHoldState(
  db: Db,
  keys: readonly string[],
  state: HoldState,
  now: Date,
  from?: readonly HoldState[],
): Promise<number> {
  if (keys.length === 0) return 0;
  const query = db('card_holds').whereIn('hold_key', keys);
  if (from) query.whereIn('state', from);
  return query.update({ state, updated_at: now });
}

/** At kickoff every card of the matchday's lineups is free again: their holds are to be voided. */
export async function releaseMatchdayHolds(
  trx: Knex.Transaction,
  matchdayId: number,
  now: Date,
): Promise<void> {
  await trx('card_holds')
    .where({ matchday_id: matchdayId })
    .whereIn('state', ['held'])
    .update({ state: 'releasing', updated_at: now });
}

/** Holds to void: those released by a lineup change or a lock, and those asked for and left behind. */
export async function holdsToVoid(db: Db, stuckBefore: Date, limit: number): Promise<HoldRow[]> {
  const rows = (await db('card_holds')
    .where('state', 'releasing')
    .orWhere((q) => q.where('state', 'holding').andWhere('updated_at', '<', stuckBefore))
    .orderBy('updated_at')
    .limit(limit)) as HoldRow[];
  return rows.map(normalise);
}
