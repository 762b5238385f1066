import type { Knex } from 'knex';

export interface PurchaseRow {
  id: number;
  user_id: number;
  payment_intent_id: string;
  package_id: string;
  amount_cents: number;
  currency: string;
  coins: number;
  via: 'confirm' | 'webhook';
  /** The Idempotency-Key of the success-page call that credited it (migration 007). */
  confirm_key: string | null;
  livemode: boolean;
  transaction_id: number;
  created_at: Date;
}

export async function insertPurchase(trx: Knex.Transaction, row: Omit<PurchaseRow, 'id'>): Promise<void> {
  await trx('purchases').insert(row);
}

/** The key of the success-page call that credited the intent's purchase; null when none did. */
export async function purchaseConfirmKey(
  trx: Knex.Transaction,
  paymentIntentId: string,
): Promise<string | null> {
  const row = (await trx('purchases').where({ payment_intent_id: paymentIntentId }).first('confirm_key')) as
    Pick<PurchaseRow, 'confirm_key'> | undefined;
  return row?.confirm_key ?? null;
}

export interface SummaryRow {
  user_id: number;
  /** Real money: purchases Stripe took in live mode. */
  purchase_count: number;
  total_cents: number;
  /** Test payments (Stripe test keys, the built-in test provider): no money was taken. */
  test_purchase_count: number;
  test_total_cents: number;
}

/** Count and USD total of completed purchases per user, real and test apart; every user with a purchase when `userIds` is undefined. */
export async function purchaseSummaries(db: Knex, userIds?: readonly number[]): Promise<SummaryRow[]> {
  const query = db('purchases')
    .groupBy('user_id')
    .orderBy('user_id')
    .select(
      'user_id',
      db.raw('(count(*) filter (where livemode))::int as purchase_count'),
      db.raw('coalesce(sum(amount_cents) filter (where livemode), 0)::bigint as total_cents'),
      db.raw('(count(*) filter (where not livemode))::int as test_purchase_count'),
      db.raw('coalesce(sum(amount_cents) filter (where not livemode), 0)::bigint as test_total_cents'),
    );
  if (userIds) query.whereIn('user_id', [...userIds]);
  return (await query) as SummaryRow[];
}
