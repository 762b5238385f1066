import type { Migration } from '@touchline/kit';
import { RARITY_RULES } from '../../domain/rarity';

const supplyCase = `case p.rarity ${Object.entries(RARITY_RULES)
  .map(([rarity, rule]) => `when '${rarity}' then ${rule.marketSupply}`)
  .join(' ')} else 0 end`;

export const market: Migration = {
  name: '002_market',
  async up(db) {
    await db.schema.alterTable('cards', (t) => {
      // The buy saga that reserved this market-owned card (listings carry their own saga).
      t.text('reserved_by');
      // The trade saga holding this card (trading issue).
      t.text('hold_key');
    });
    await db.schema.createTable('listings', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('card_id').notNullable().references('id').inTable('cards');
      t.bigInteger('seller_id').notNullable();
      t.bigInteger('price').notNullable();
      t.text('status').notNullable(); // active | settling | sold | withdrawn
      t.bigInteger('buyer_id');
      t.text('sale_id');
      t.text('idempotency_key').notNullable().unique();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await db.raw(
      `create unique index listings_one_open_per_card on listings (card_id) where status in ('active', 'settling')`,
    );
    await db.raw(
      `alter table listings add constraint listings_status check (status in ('active','settling','sold','withdrawn'))`,
    );
    // The buy saga (docs/design.md#4-cross-service-operations-sagas): one row per sale id, the idempotency key of every step.
    await db.schema.createTable('sales', (t) => {
      t.text('id').primary();
      t.bigInteger('buyer_id').notNullable();
      t.bigInteger('card_id').notNullable().references('id').inTable('cards');
      t.bigInteger('listing_id');
      t.bigInteger('seller_id').notNullable();
      t.bigInteger('price').notNullable();
      t.bigInteger('fee').notNullable();
      t.text('state').notNullable(); // started | completed | failed
      t.text('failure');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['state', 'updated_at']);
    });
    await db.schema.createTable('price_history', (t) => {
      t.integer('player_id').notNullable().references('id').inTable('players');
      t.timestamp('at', { useTz: true }).notNullable();
      t.bigInteger('price').notNullable();
      t.primary(['player_id', 'at']);
    });
    await db.schema.createTable('ticks', (t) => {
      t.bigInteger('tick').primary();
      t.timestamp('ticked_at', { useTz: true }).notNullable();
    });
    // Buys (+1) and listings (−1) since the last tick drive the demand part of the price engine.
    await db.schema.createTable('demand', (t) => {
      t.bigIncrements('id').primary();
      t.integer('player_id').notNullable();
      t.integer('delta').notNullable();
      t.timestamp('at', { useTz: true }).notNullable().index();
    });
    // The market's own inventory: editions after any already minted, within each player's maximum.
    await db.raw(`
      insert into cards (player_id, edition_number, owner_id, acquired_at, purchase_price, origin, created_at)
      select p.id, p.minted_editions + g.n, 0, now(), 0, 'market_supply', now()
      from players p
      cross join lateral generate_series(1, least(${supplyCase}, p.max_editions - p.minted_editions)) as g(n)
    `);
    await db.raw(`
      update players p set minted_editions = least(p.max_editions, p.minted_editions + ${supplyCase})
    `);
    // The base price as of a day ago: the first 24-hour reference, never later than the first tick.
    await db.raw(
      `insert into price_history (player_id, at, price) select id, now() - interval '1 day', current_price from players`,
    );
  },
};
