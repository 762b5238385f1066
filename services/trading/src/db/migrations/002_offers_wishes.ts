import type { Migration } from '@touchline/kit';

/** Trade offers with their cards, the accept saga, and trade wishes. */
export const offersAndWishes: Migration = {
  name: '002_offers_wishes',
  async up(db) {
    await db.schema.createTable('trade_offers', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('from_user_id').notNullable();
      t.bigInteger('to_user_id').notNullable();
      t.bigInteger('offered_coins').notNullable();
      t.bigInteger('requested_coins').notNullable();
      t.text('status').notNullable();
      // Why the last accept failed, or why the offer was voided: shown to the players.
      t.text('status_reason').notNullable().defaultTo('');
      // A void that arrived while an accept saga owned the offer; applied if that saga fails.
      t.text('pending_void');
      t.text('note').notNullable().defaultTo('');
      t.bigInteger('wish_id');
      t.text('idempotency_key').notNullable();
      // Accept attempts so far; each one holds under its own keys (a voided key stays voided).
      t.integer('attempt').notNullable().defaultTo(0);
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.unique(['from_user_id', 'idempotency_key']);
      t.index(['to_user_id', 'status']);
      t.index(['from_user_id', 'status']);
      t.index(['status', 'expires_at']);
    });
    await db.raw(
      `alter table trade_offers add constraint trade_offers_status check (status in
        ('pending','accepting','accepted','declined','cancelled','voided','expired'))`,
    );
    await db.raw(
      `alter table trade_offers add constraint trade_offers_coins check (offered_coins >= 0 and requested_coins >= 0)`,
    );
    // The cards of an offer, by side, with the owner each must still have: what the void consumers look up.
    await db.schema.createTable('trade_offer_cards', (t) => {
      t.bigInteger('offer_id').notNullable().references('id').inTable('trade_offers');
      t.bigInteger('card_id').notNullable().index();
      t.text('side').notNullable(); // offered | requested
      t.bigInteger('owner_user_id').notNullable();
      t.integer('position').notNullable();
      t.primary(['offer_id', 'card_id']);
    });
    // One row per accept attempt; its id is the reference and the stem of every hold key.
    await db.schema.createTable('trade_sagas', (t) => {
      t.text('id').primary();
      t.bigInteger('offer_id').notNullable().references('id').inTable('trade_offers');
      t.integer('attempt').notNullable();
      t.text('accept_key').notNullable();
      t.text('state').notNullable();
      t.text('failure');
      // The traded cards as they were at the accept, for the history rows and the event.
      t.jsonb('cards').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.unique(['offer_id', 'accept_key']);
      t.unique(['offer_id', 'attempt']);
      t.index(['state', 'updated_at']);
    });
    await db.raw(
      `alter table trade_sagas add constraint trade_sagas_state check (state in
        ('holding','committing','committed','compensating','failed'))`,
    );
    await db.schema.createTable('trade_wishes', (t) => {
      t.bigIncrements('id').primary();
      t.bigInteger('user_id').notNullable().index();
      t.bigInteger('card_id').notNullable().index();
      t.text('desired_rarity').notNullable().defaultTo('');
      t.text('desired_position').notNullable().defaultTo('');
      t.bigInteger('desired_team_id').notNullable().defaultTo(0);
      t.bigInteger('minimum_coins').notNullable().defaultTo(0);
      t.text('notes').notNullable().defaultTo('');
      t.text('status').notNullable();
      t.text('status_reason').notNullable().defaultTo('');
      // Snapshot of the card's player (none of these change), for filtering without a call.
      t.bigInteger('player_id').notNullable();
      t.text('player_name').notNullable();
      t.text('rarity').notNullable();
      t.text('position').notNullable();
      t.bigInteger('team_id').notNullable();
      // The player's price when posted: the value sort's fallback when cards-market cannot answer.
      t.bigInteger('value_snapshot').notNullable();
      t.text('idempotency_key').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.unique(['user_id', 'idempotency_key']);
      t.index(['status', 'created_at']);
    });
    await db.raw(
      `alter table trade_wishes add constraint trade_wishes_status check (status in
        ('open','fulfilled','cancelled','voided'))`,
    );
    // A card is listed for trade at most once at a time.
    await db.raw(
      `create unique index trade_wishes_one_open_per_card on trade_wishes (card_id) where status = 'open'`,
    );
  },
};
