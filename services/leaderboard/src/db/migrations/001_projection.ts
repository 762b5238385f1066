import type { Migration } from '@touchline/kit';

/**
 * The projection: per card its owner, per player its price, per user the totals. Each row keeps
 * what decides between events that arrive out of order (owner_source/owner_at, tick/observed_at,
 * banned_at), so processing events in any order ends in the same state as in order.
 */
export const projection: Migration = {
  name: '001_projection',
  async up(db) {
    await db.schema.createTable('cards', (t) => {
      t.bigInteger('card_id').primary();
      t.bigInteger('player_id').notNullable().index();
      t.bigInteger('owner_id').notNullable().index();
      // 0 = from the mint, 1 = from a transfer: any transfer is later than the card's mint.
      t.smallint('owner_source').notNullable();
      t.timestamp('owner_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('player_prices', (t) => {
      t.bigInteger('player_id').primary();
      t.bigInteger('price').notNullable();
      // The tick that set the price; null while only card events (which carry the price) were seen.
      t.bigInteger('tick');
      t.timestamp('observed_at', { useTz: true }).notNullable();
    });
    await db.schema.createTable('users', (t) => {
      t.bigInteger('user_id').primary();
      t.timestamp('registered_at', { useTz: true });
      t.boolean('banned').notNullable().defaultTo(false);
      t.timestamp('banned_at', { useTz: true });
      t.bigInteger('collection_value').notNullable().defaultTo(0);
      t.integer('card_count').notNullable().defaultTo(0);
      // Grows with every change of the row: the cache keeps only the newest, the stats event carries it.
      t.bigInteger('version').notNullable().defaultTo(0);
      // Time of the event behind the last change (the board's as_of).
      t.timestamp('as_of', { useTz: true }).notNullable();
    });
    await db.raw(
      'create index users_ranking on users (collection_value desc, user_id) where not banned and user_id <> 0',
    );
  },
};
