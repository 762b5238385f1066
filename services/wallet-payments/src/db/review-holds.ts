import type { Knex } from 'knex';

export interface ReviewHoldRow {
  user_id: number;
  reason: string;
  held_at: Date;
  /** null while held. */
  cleared_at: Date | null;
  cleared_by: number | null;
  updated_at: Date;
}

export function findReviewHolds(db: Knex, userIds: readonly number[]): Promise<ReviewHoldRow[]> {
  return db('review_holds').whereIn('user_id', [...userIds]) as Promise<ReviewHoldRow[]>;
}

export async function isUnderReview(db: Knex, userId: number): Promise<boolean> {
  const row = await db('review_holds').where({ user_id: userId }).whereNull('cleared_at').first('user_id');
  return row !== undefined;
}

/** The user's row, row-locked, or undefined: placing and clearing one hold run in turn. */
export async function lockReviewHold(
  trx: Knex.Transaction,
  userId: number,
): Promise<ReviewHoldRow | undefined> {
  return (await trx('review_holds').where({ user_id: userId }).forUpdate().first()) as
    ReviewHoldRow | undefined;
}

/** Holds the account for `reason` from `now` (a first hold, or again after a clearance). */
export async function holdForReview(
  trx: Knex.Transaction,
  userId: number,
  reason: string,
  now: Date,
): Promise<ReviewHoldRow> {
  const [row] = (await trx('review_holds')
    .insert({ user_id: userId, reason, held_at: now, cleared_at: null, cleared_by: null, updated_at: now })
    .onConflict('user_id')
    .merge()
    .returning('*')) as ReviewHoldRow[];
  return row!;
}

export async function clearReviewHold(
  trx: Knex.Transaction,
  userId: number,
  adminUserId: number,
  now: Date,
): Promise<ReviewHoldRow> {
  const [row] = (await trx('review_holds')
    .where({ user_id: userId })
    .update({ cleared_at: now, cleared_by: adminUserId, updated_at: now })
    .returning('*')) as ReviewHoldRow[];
  return row!;
}
