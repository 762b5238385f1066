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
