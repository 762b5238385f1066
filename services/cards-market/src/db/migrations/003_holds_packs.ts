import type { Migration } from '@touchline/kit';

export const holdsAndPacks: Migration = {
  name: '003_holds_packs',
  async up(db) {
    // Cards reserved by a trade saga: held → committed (cards moved) | voided (released; a tombstone).
    await db.schema.createTable('card_holds', (t) => {
      t.text('hold_key').primary();
      t.bigInteger('owner_id').notNullable();
      t.bigInteger('to_user_id').notNullable();
      t.specificType('card_ids', 'bigint[]').notNullable();
      t.text('status').notNullable();
      t.text('reason').notNullable();
      t.text('reference').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await db.raw(
      `alter table card_holds add constraint card_holds_status check (status in ('held','committed','voided'))`,
    );
    // The pack saga: debit, mint, or refund; one row per purchase id (the idempotency key).
    await db.schema.createTable('pack_purchases', (t) => {
      t.text('id').primary();
      t.bigInteger('user_id').notNullable();
      t.integer('pack_id').notNullable();
      t.bigInteger('price').notNullable();
      t.text('state').notNullable(); // started | completed | refunded | failed
      t.specificType('card_ids', 'bigint[]');
      t.text('failure');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['state', 'updated_at']);
    });
  },
};
