import type { Migration } from '@touchline/kit';

/**
 * The Idempotency-Key of the success-page call that credited a purchase: a retry of that call
 * answers as the call did (credited now), where any other call, or the webhook, finds it credited
 * before. Null: the webhook credited it, or the call carried no key.
 */
export const confirmKey: Migration = {
  name: '007_confirm_key',
  async up(db) {
    await db.schema.alterTable('purchases', (t) => {
      t.text('confirm_key').nullable();
    });
  },
};
