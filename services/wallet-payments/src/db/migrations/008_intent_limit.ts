import type { Migration } from '@touchline/kit';

/**
 * The monthly spending limit counts payments, not only credited purchases (security review, issue
 * 40): an intent is `charged_at` from the moment the wallet lets its card be charged (the test
 * provider's confirmation, Stripe's capture), before any webhook credits it, and `closed_at` once
 * the wallet refused or cancelled it. An intent that is neither is open: it holds its amount
 * against the limit when the player starts another purchase.
 */
export const intentLimit: Migration = {
  name: '008_intent_limit',
  async up(db) {
    await db.schema.alterTable('payment_intents', (t) => {
      t.timestamp('charged_at', { useTz: true }).nullable();
      t.timestamp('closed_at', { useTz: true }).nullable();
      t.text('closed_reason').nullable();
      // The limit's sums: a user's open intents and this month's charges.
      t.index(['user_id', 'created_at']);
    });
    // Intents credited before this migration were charged when they were credited.
    await db.raw(`
      update payment_intents i set charged_at = p.created_at
        from purchases p where p.payment_intent_id = i.id
    `);
  },
};
