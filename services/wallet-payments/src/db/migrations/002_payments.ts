import type { Migration } from '@touchline/kit';

/**
 * Coin purchases (docs/design.md#3-money-one-ledger). A purchase row exists once per PaymentIntent, written in the
 * same transaction as its ledger credit: the unique intent id is what makes the browser's
 * confirmation and Stripe's webhook, racing or repeated, credit exactly once.
 */
export const payments: Migration = {
  name: '002_payments',
  async up(db) {
    await db.schema.createTable('purchases', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('user_id').notNullable();
      t.text('payment_intent_id').notNullable().unique();
      t.text('package_id').notNullable();
      t.bigInteger('amount_cents').notNullable();
      t.text('currency').notNullable();
      t.bigInteger('coins').notNullable();
      // Which path credited it first: the success page ('confirm') or Stripe ('webhook').
      t.text('via').notNullable();
      // False for test-mode payments: cash-out rules may tell them apart from real money.
      t.boolean('livemode').notNullable();
      t.bigInteger('transaction_id').notNullable().references('id').inTable('transactions');
      t.timestamp('created_at', { useTz: true }).notNullable();
      // Purchase summaries per user (cash-out rules, admin user list).
      t.index(['user_id']);
    });
    await db.raw(`
      alter table purchases
        add constraint purchases_positive check (amount_cents > 0 and coins > 0 and user_id > 0),
        add constraint purchases_via check (via in ('confirm', 'webhook'))
    `);

    // Stripe retries an event with the same id until it gets a 2xx: each is handled once.
    await db.schema.createTable('stripe_events', (t) => {
      t.text('event_id').primary();
      t.text('type').notNullable();
      t.text('payment_intent_id');
      // False for event types the wallet ignores and events of intents it did not create.
      t.boolean('handled').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
    });

    // The intents of the built-in test provider (no STRIPE_SECRET_KEY); Stripe keeps its own otherwise.
    await db.schema.createTable('test_payment_intents', (t) => {
      t.text('id').primary();
      t.text('client_secret').notNullable();
      t.text('idempotency_key').notNullable().unique();
      t.bigInteger('amount').notNullable();
      t.text('currency').notNullable();
      t.text('status').notNullable();
      t.jsonb('metadata').notNullable();
      t.text('last_error');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
  },
};
