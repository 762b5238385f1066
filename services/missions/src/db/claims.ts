import type { Knex } from 'knex';
import { toDate, type Db } from './types';
import type { ProgressRow } from './progress';

export interface ClaimRow {
  claim_id: string;
  user_id: number;
  mission_id: number;
  period_key: string;
  idempotency_key: string;
  reward: number;
  state: 'pending' | 'paid';
  coins: number | null;
  transaction_id: number | null;
  claimed_at: Date;
  paid_at: Date | null;
  updated_at: Date;
}

function normalise(row: ClaimRow): ClaimRow {
  return {
    ...row,
    reward: Number(row.reward),
    claimed_at: toDate(row.claimed_at),
    paid_at: toDate(row.paid_at),
    updated_at: toDate(row.updated_at),
  };
}

export async function findClaim(db: Db, claimId: string, lock = false): Promise<ClaimRow | undefined> {
  const query = db('mission_claims').where({ claim_id: claimId });
  if (lock) query.forUpdate();
  const row = (await query.first()) as ClaimRow | undefined;
  return row && normalise(row);
}

export async function findClaimByKey(db: Db, userId: number, key: string): Promise<ClaimRow | undefined> {
  const row = (await db('mission_claims').where({ user_id: userId, idempotency_key: key }).first()) as
    ClaimRow | undefined;
  return row && normalise(row);
}

/** Undefined when the user's idempotency key is already taken (by a claim committed meanwhile). */
export async function insertClaim(
  trx: Knex.Transaction,
  claim: Pick<ClaimRow, 'claim_id' | 'user_id' | 'mission_id' | 'period_key' | 'idempotency_key' | 'reward'>,
  now: Date,
): Promise<ClaimRow | undefined> {
  const [row] = (await trx('mission_claims')
    .insert({ ...claim, state: 'pending', claimed_at: now, updated_at: now })
    .onConflict(['user_id', 'idempotency_key'])
    .ignore()
    .returning('*')) as ClaimRow[];
  return row && normalise(row);
}

/** pending → paid; false when another driver already marked it. */
export async function markPaid(
  trx: Knex.Transaction,
  claimId: string,
  paid: { coins: number; transactionId: number },
  now: Date,
): Promise<ClaimRow | undefined> {
  const [row] = (await trx('mission_claims')
    .where({ claim_id: claimId, state: 'pending' })
    .update({
      state: 'paid',
      coins: paid.coins,
      transaction_id: paid.transactionId,
      paid_at: now,
      updated_at: now,
    })
    .returning('*')) as ClaimRow[];
  return row && normalise(row);
}

/** A payment attempt that did not finish: the sweeper waits a while from here before trying again. */
export async function touchClaim(db: Db, claimId: string, now: Date): Promise<void> {
  await db('mission_claims').where({ claim_id: claimId, state: 'pending' }).update({ updated_at: now });
}

export async function stuckClaims(db: Db, before: Date, limit: number): Promise<ClaimRow[]> {
  const rows = (await db('mission_claims')
    .where({ state: 'pending' })
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)) as ClaimRow[];
  return rows.map(normalise);
}

export async function countPaidClaims(db: Db, userId: number): Promise<number> {
  const row = (await db('mission_claims')
    .where({ user_id: userId, state: 'paid' })
    .count('* as n')
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export type ClaimedMissionRow = ClaimRow & Pick<ProgressRow, 'progress' | 'completed_at' | 'period_end'>;

/** The user's claims with their progress rows, newest completion first. */
export async function claimedMissions(db: Db, userId: number, limit: number): Promise<ClaimedMissionRow[]> {
  const rows = (await db('mission_claims as c')
    .join('mission_progress as p', (on) =>
      on
        .on('p.user_id', 'c.user_id')
        .andOn('p.mission_id', 'c.mission_id')
        .andOn('p.period_key', 'c.period_key'),
    )
    .where('c.user_id', userId)
    .orderBy([
      { column: 'p.completed_at', order: 'desc' },
      { column: 'c.claimed_at', order: 'desc' },
    ])
    .limit(limit)
    .select('c.*', 'p.progress', 'p.completed_at', 'p.period_end')) as ClaimedMissionRow[];
  return rows.map((row) => ({
    ...normalise(row),
    progress: Number(row.progress),
    completed_at: toDate(row.completed_at),
    period_end: toDate(row.period_end),
  }));
}

/** The user's claims of the given period instances. */
export async function claimsInPeriods(db: Db, userId: number, periodKeys: string[]): Promise<ClaimRow[]> {
  const rows = (await db('mission_claims')
    .where({ user_id: userId })
    .whereIn('period_key', periodKeys)) as ClaimRow[];
  return rows.map(normalise);
}
