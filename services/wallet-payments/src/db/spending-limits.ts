import type { Knex } from 'knex';
import type { LimitState } from '../domain/spending-limit';

export interface SpendingLimitRow {
  user_id: number;
  limit_cents: number | null;
  pending_set: boolean;
  pending_limit_cents: number | null;
  pending_effective_at: Date | null;
  last_key: string | null;
  updated_at: Date;
}

export function stateOf(row: SpendingLimitRow | undefined): LimitState {
  if (!row) return { limit: null };
  const limit = row.limit_cents === null ? null : Number(row.limit_cents);
  if (!row.pending_set || !row.pending_effective_at) return { limit };
  return {
    limit,
    pending: {
      limit: row.pending_limit_cents === null ? null : Number(row.pending_limit_cents),
      effectiveAt: row.pending_effective_at,
    },
  };
}

export function findLimits(db: Knex, userIds: readonly number[]): Promise<SpendingLimitRow[]> {
  return db('spending_limits').whereIn('user_id', [...userIds]) as Promise<SpendingLimitRow[]>;
}

/** The user's row, created if missing and row-locked: two changes of one limit run in turn. */
export async function lockLimit(trx: Knex.Transaction, userId: number, now: Date): Promise<SpendingLimitRow> {
  await trx('spending_limits')
    .insert({ user_id: userId, limit_cents: null, updated_at: now })
    .onConflict('user_id')
    .ignore();
  return (await trx('spending_limits').where({ user_id: userId }).forUpdate().first()) as SpendingLimitRow;
}

export async function saveLimit(
  trx: Knex.Transaction,
  userId: number,
  state: LimitState,
  key: string,
  now: Date,
): Promise<SpendingLimitRow> {
  const [row] = (await trx('spending_limits')
    .where({ user_id: userId })
    .update({
      limit_cents: state.limit,
      pending_set: state.pending !== undefined,
      pending_limit_cents: state.pending?.limit ?? null,
      pending_effective_at: state.pending?.effectiveAt ?? null,
      last_key: key,
      updated_at: now,
    })
    .returning('*')) as SpendingLimitRow[];
  return row!;
}

/** USD cents of each user's completed purchases in [from, to). */
export async function spentBetween(
  db: Knex,
  userIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = (await db('purchases')
    .whereIn('user_id', [...userIds])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('user_id')
    .select('user_id', db.raw('sum(amount_cents)::bigint as total'))) as { user_id: number; total: number }[];
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.total)]));
}
