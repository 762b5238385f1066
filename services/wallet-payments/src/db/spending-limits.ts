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

/**
 * USD cents each user spent in [from, to): the intents whose card the wallet let be charged then,
 * credited or not yet, and the purchases of intents without that mark (credited before the mark
 * existed, or by Stripe without a capture of ours). Each payment counts once.
 */
export async function spentBetween(
  db: Knex,
  userIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const ids = [...userIds];
  const charged = db('payment_intents')
    .whereIn('user_id', ids)
    .where('charged_at', '>=', from)
    .where('charged_at', '<', to)
    .select('user_id', 'amount_cents');
  const creditedOnly = db('purchases as p')
    .leftJoin('payment_intents as i', 'i.id', 'p.payment_intent_id')
    .whereIn('p.user_id', ids)
    .where('p.created_at', '>=', from)
    .where('p.created_at', '<', to)
    .whereNull('i.charged_at')
    .select('p.user_id', 'p.amount_cents');
  const rows = (await db
    .from(charged.unionAll(creditedOnly, true).as('spent'))
    .groupBy('user_id')
    .select('user_id', db.raw('sum(amount_cents)::bigint as total'))) as { user_id: number; total: number }[];
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.total)]));
}

/**
 * USD cents of the user's open intents created after `since`: neither charged nor closed, so the
 * player may still pay them. `except` leaves out the intent being decided.
 */
export async function openCents(db: Knex, userId: number, since: Date, except?: string): Promise<number> {
  const query = db('payment_intents')
    .where({ user_id: userId })
    .where('created_at', '>', since)
    .whereNull('charged_at')
    .whereNull('closed_at');
  if (except) query.whereNot('id', except);
  const row = (await query.sum({ total: 'amount_cents' }).first()) as
    { total: string | number | null } | undefined;
  return Number(row?.total ?? 0);
}

/**
 * The user's limit row, row-locked when it exists: every limit decision of one user (a new intent, a
 * charge, a change of the limit) runs in turn. No row means no limit was ever set: nothing to lock.
 */
export async function lockExistingLimit(
  trx: Knex.Transaction,
  userId: number,
): Promise<SpendingLimitRow | undefined> {
  return (await trx('spending_limits').where({ user_id: userId }).forUpdate().first()) as
    SpendingLimitRow | undefined;
}
