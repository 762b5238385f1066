import type { Migration } from '@touchline/kit';

/**
 * The match feed's secret; matchdays and their state; lineups and their cards (a card in one lineup
 * per matchday); the card holds taken in cards-market for them (a saga's steps); the players'
 * results and the fixtures of each scored matchday; the idempotency keys of lineup changes.
 */
export const matchdaySchema: Migration = {
  name: '001_matchday',
  async up(db) {
    await db.schema.createTable('feed_seed', (t) => {
      t.integer('id').primary();
      t.binary('seed').notNullable();
    });
    await db.schema.createTable('matchdays', (t) => {
      t.increments('id').primary();
      t.integer('round').notNullable().unique();
      t.timestamp('opens_at', { useTz: true }).notNullable();
      t.timestamp('locks_at', { useTz: true }).notNullable();
      t.timestamp('results_at', { useTz: true }).notNullable();
      t.text('state').notNullable(); // open | locked | scored
      t.integer('entries').notNullable().defaultTo(0);
      t.bigInteger('best_points');
      t.timestamp('locked_at', { useTz: true });
      t.timestamp('scored_at', { useTz: true });
      t.index(['state', 'locks_at']);
    });
    await db.raw(
      `alter table matchdays add constraint matchdays_state check (state in ('open', 'locked', 'scored'))`,
    );
    await db.schema.createTable('lineups', (t) => {
      t.integer('matchday_id').notNullable().references('id').inTable('matchdays');
      t.bigInteger('user_id').notNullable();
      t.bigInteger('captain_card_id').notNullable();
      t.integer('version').notNullable();
      t.bigInteger('points'); // tenths, once scored
      t.integer('rank');
      t.bigInteger('reward');
      t.text('reward_state'); // pending | paid, once scored
      t.bigInteger('reward_transaction_id');
      t.timestamp('paid_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['matchday_id', 'user_id']);
      t.index(['user_id', 'matchday_id']);
      t.index(['matchday_id', 'rank']);
    });
    await db.raw(
      `create index lineups_reward_pending on lineups (matchday_id) where reward_state = 'pending'`,
    );
    await db.schema.createTable('lineup_cards', (t) => {
      t.integer('matchday_id').notNullable();
      t.bigInteger('card_id').notNullable();
      t.bigInteger('user_id').notNullable();
      t.bigInteger('player_id').notNullable();
      t.text('player_name').notNullable();
      t.text('position').notNullable();
      t.text('rarity').notNullable();
      t.bigInteger('team_id').notNullable();
      t.boolean('captain').notNullable();
      t.text('hold_key').notNullable();
      t.bigInteger('points'); // tenths, once scored
      // A card in one lineup per matchday.
      t.primary(['matchday_id', 'card_id']);
      t.index(['matchday_id', 'user_id']);
    });
    await db.schema.createTable('card_holds', (t) => {
      t.text('hold_key').primary();
      t.integer('matchday_id').notNullable();
      t.bigInteger('user_id').notNullable();
      t.bigInteger('card_id').notNullable();
      // holding: asked of cards-market, not yet in a lineup; held: in a lineup; releasing: to void;
      // released: voided in cards-market.
      t.text('state').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['state', 'updated_at']);
      t.index(['matchday_id', 'state']);
    });
    await db.schema.createTable('lineup_keys', (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('idempotency_key').notNullable();
      t.integer('matchday_id').notNullable();
      t.primary(['user_id', 'idempotency_key']);
    });
    await db.schema.createTable('player_results', (t) => {
      t.integer('matchday_id').notNullable();
      t.bigInteger('player_id').notNullable();
      t.bigInteger('team_id').notNullable();
      t.text('position').notNullable();
      t.integer('minutes').notNullable();
      t.integer('goals').notNullable();
      t.integer('assists').notNullable();
      t.integer('saves').notNullable();
      t.boolean('clean_sheet').notNullable();
      t.integer('goals_conceded').notNullable();
      t.integer('yellow_cards').notNullable();
      t.integer('red_cards').notNullable();
      t.integer('points').notNullable(); // whole points
      t.primary(['matchday_id', 'player_id']);
    });
    await db.schema.createTable('fixtures', (t) => {
      t.integer('matchday_id').notNullable();
      t.bigInteger('home_team_id').notNullable();
      t.bigInteger('away_team_id').notNullable();
      t.integer('home_goals').notNullable();
      t.integer('away_goals').notNullable();
      t.primary(['matchday_id', 'home_team_id']);
    });
  },
};
