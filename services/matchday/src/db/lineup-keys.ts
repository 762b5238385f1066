import type { ErrorCode } from '@touchline/kit';
import { toDate, type Db } from './types';

/** One client key of one user's SetLineup: claimed while its call runs, then saved or refused. */
export type LineupKeyRow = {
  matchday_id: number;
  claim: string | null;
  claimed_at: Date | null;
} & ({ state: 'claimed' | 'saved' } | { state: 'refused'; failure_code: ErrorCode; failure: string });

export async function findLineupKey(db: Db, userId: number, key: string): Promise<LineupKeyRow | undefined> {
  const row = (await db('lineup_keys')
    .where({ user_id: userId, idempotency_key: key })
    .first('matchday_id', 'state', 'claim', 'claimed_at', 'failure_code', 'failure')) as
    (LineupKeyRow & { matchday_id: number | string; claimed_at: Date | string | null }) | undefined;
  return row && { ...row, matchday_id: Number(row.matchday_id), claimed_at: toDate(row.claimed_at) };
}

/** True when this call now holds the key; false when another call of the same key did first. */
export async function claimLineupKey(
  db: Db,
  row: { userId: number; key: string; matchdayId: number; claim: string; at: Date },
): Promise<boolean> {
  const inserted = (await db('lineup_keys')
    .insert({
      user_id: row.userId,
      idempotency_key: row.key,
      matchday_id: row.matchdayId,
      state: 'claimed',
      claim: row.claim,
      claimed_at: row.at,
    })
    .onConflict(['user_id', 'idempotency_key'])
    .ignore()
    .returning('claim')) as unknown[];
  return inserted.length > 0;
}

/** Takes over a claim whose call died holding it; false when someone else took it first. */
export async function takeOverLineupKey(
  db: Db,
  userId: number,
  key: string,
  from: string | null,
  to: { claim: string; at: Date },
): Promise<boolean> {
  const updated = await db('lineup_keys')
    .where({ user_id: userId, idempotency_key: key, state: 'claimed', claim: from })
    .update({ claim: to.claim, claimed_at: to.at });
  return updated > 0;
}

/** Ends a claim with its outcome; only the call holding the claim can. */
export async function settleLineupKey(
  db: Db,
  userId: number,
  key: string,
  claim: string,
  outcome: { state: 'saved' } | { state: 'refused'; code: ErrorCode; message: string },
): Promise<void> {
  await db('lineup_keys')
    .where({ user_id: userId, idempotency_key: key, state: 'claimed', claim })
    .update(
      outcome.state === 'saved'
        ? { state: 'saved' }
        : { state: 'refused', failure_code: outcome.code, failure: outcome.message },
    );
}

/** Gives a claim back when its call's outcome is unknown, so the same key may try again. */
export async function releaseLineupKey(db: Db, userId: number, key: string, claim: string): Promise<void> {
  await db('lineup_keys').where({ user_id: userId, idempotency_key: key, state: 'claimed', claim }).delete();
}
