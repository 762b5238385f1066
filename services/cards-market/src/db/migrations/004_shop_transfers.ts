import type { Migration } from '@touchline/kit';

/** Admin transfers to the shop (docs/design.md#1-shape): one row per request key, so a retry moves nothing twice. */
export const shopTransfers: Migration = {
  name: '004_shop_transfers',
  async up(db) {
    await db.schema.createTable('shop_transfers', (t) => {
      // "{userId}:{key}"
      t.text('idempotency_key').primary();
      t.bigInteger('user_id').notNullable();
      t.specificType('card_ids', 'bigint[]').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
    // A user's open listings (withdrawn when the user is banned).
    await db.raw(`create index listings_open_by_seller on listings (seller_id) where status = 'active'`);
  },
};
