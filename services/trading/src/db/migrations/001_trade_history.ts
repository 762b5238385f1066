import type { Migration } from '@touchline/kit';

/** The trade history projection: one row per completed market sale or accepted trade, by reference. */
export const tradeHistory: Migration = {
  name: '001_trade_history',
  async up(db) {
    await db.schema.createTable('trade_history', (t) => {
      t.bigIncrements('id').primary();
      t.text('reference').notNullable().unique(); // sale id or offer id: a replayed event adds nothing
      t.text('trade_type').notNullable();
      t.bigInteger('card_id').notNullable();
      t.bigInteger('player_id').notNullable();
      t.text('player_name').notNullable();
      t.text('rarity').notNullable();
      t.bigInteger('seller_user_id').notNullable().index();
      t.bigInteger('buyer_user_id').notNullable().index();
      t.bigInteger('sale_price').notNullable();
      t.bigInteger('profit_loss').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().index();
    });
  },
};
