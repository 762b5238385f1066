import type { Migration } from '@touchline/kit';

/**
 * Payment mode and the intents the wallet created (security round 3).
 *
 * `payment_intents` holds every PaymentIntent the wallet created, with what it was created for: a
 * webhook or success-page credit must name one of them and match its amount, package and coins, so a
 * signed event for an intent made elsewhere (or edited by hand) credits nothing.
 *
 * Purchases already carry `livemode` (false: Stripe test keys and the built-in test provider).
 * A cash-out requested in a test deployment (PAYMENTS_MODE=test) is marked `test`: it is backed by
 * test payments, and admins see so before sending any money.
 */
export const paymentMode: Migration = {
  name: '005_payment_mode',
  async up(db) {
    await db.schema.createTable('payment_intents', (t) => {
      t.text('id').primary();
      t.bigInteger('user_id').notNullable();
      t.text('package_id').notNullable();
      t.bigInteger('amount_cents').notNullable();
      t.text('currency').notNullable();
      t.bigInteger('coins').notNullable();
      // What the provider said when it created the intent: false for test payments.
      t.boolean('livemode').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    await db.raw(`
      alter table payment_intents
        add constraint payment_intents_positive check (amount_cents > 0 and coins > 0 and user_id > 0)
    `);
    await db.schema.alterTable('cashout_requests', (t) => {
      t.boolean('test').notNullable().defaultTo(false);
    });
  },
};
