import type { Knex } from 'knex';

/** A PaymentIntent the wallet created, with what it was created for. */
export interface PaymentIntentRow {
  id: string;
  user_id: number;
  package_id: string;
  amount_cents: number;
  currency: string;
  coins: number;
  livemode: boolean;
  created_at: Date;
  /** When the wallet let the card be charged (docs/design.md#3-money-one-ledger, the spending limit). */
  charged_at?: Date | null;
  /** When the wallet refused or cancelled it: it can no longer be charged. */
  closed_at?: Date | null;
  closed_reason?: string | null;
}

/**
 * Records an intent once: a retried create (Stripe answers the same intent for the same idempotency
 * key) keeps the first row.
 */
export async function recordPaymentIntent(db: Knex, row: PaymentIntentRow): Promise<void> {
  await db('payment_intents').insert(row).onConflict('id').ignore();
}

export async function findPaymentIntent(db: Knex, id: string): Promise<PaymentIntentRow | undefined> {
  return (await db('payment_intents').where({ id }).first()) as PaymentIntentRow | undefined;
}

/** The intent, row-locked: the decisions about one intent (charge, refuse) run in turn. */
export async function lockPaymentIntent(
  trx: Knex.Transaction,
  id: string,
): Promise<PaymentIntentRow | undefined> {
  return (await trx('payment_intents').where({ id }).forUpdate().first()) as PaymentIntentRow | undefined;
}

export async function markCharged(trx: Knex.Transaction, id: string, now: Date): Promise<void> {
  await trx('payment_intents').where({ id }).whereNull('charged_at').update({ charged_at: now });
}

export async function closePaymentIntent(
  trx: Knex.Transaction,
  id: string,
  reason: string,
  now: Date,
): Promise<void> {
  await trx('payment_intents')
    .where({ id })
    .whereNull('charged_at')
    .whereNull('closed_at')
    .update({ closed_at: now, closed_reason: reason });
}
