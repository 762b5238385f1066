import type { Migration } from '@touchline/kit';

/**
 * Mission progress per user, mission and period instance; claims (recorded before the wallet pays,
 * so a lost answer is finished by a retry or the sweeper); the folded leaderboard stats; lifetime
 * counters and earned badges; users whose collection should be checked for a completed club.
 */
export const missionsSchema: Migration = {
  name: '001_missions',
  async up(db) {
    await db.schema.createTable('mission_progress', (t) => {
      t.bigInteger('user_id').notNullable();
      t.integer('mission_id').notNullable();
      t.text('period_key').notNullable();
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.timestamp('period_end', { useTz: true }).notNullable();
      t.bigInteger('progress').notNullable().defaultTo(0);
      // Collection value missions: the value when the period began.
      t.bigInteger('baseline');
      t.timestamp('last_event_at', { useTz: true });
      t.timestamp('completed_at', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['user_id', 'mission_id', 'period_key']);
    });
    await db.schema.createTable('mission_claims', (t) => {
      t.text('claim_id').primary(); // mission:{userId}:{missionId}:{periodKey}, also the wallet grant's key
      t.bigInteger('user_id').notNullable();
      t.integer('mission_id').notNullable();
      t.text('period_key').notNullable();
      t.text('idempotency_key').notNullable();
      t.bigInteger('reward').notNullable();
      t.text('state').notNullable(); // pending | paid
      t.bigInteger('coins'); // the balance the wallet reported after paying
      t.bigInteger('transaction_id');
      t.timestamp('claimed_at', { useTz: true }).notNullable();
      t.timestamp('paid_at', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.unique(['user_id', 'idempotency_key']);
      t.index(['user_id', 'claimed_at']);
      t.index(['state', 'updated_at']);
    });
    await db.raw(
      `alter table mission_claims add constraint mission_claims_state check (state in ('pending', 'paid'))`,
    );
    await db.schema.createTable('user_stats', (t) => {
      t.bigInteger('user_id').primary();
      t.bigInteger('collection_value').notNullable();
      t.integer('card_count').notNullable();
      t.bigInteger('version').notNullable();
      t.timestamp('as_of', { useTz: true }).notNullable();
    });
    await db.schema.createTable('lifetime_counts', (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('counter').notNullable();
      t.integer('count').notNullable();
      t.primary(['user_id', 'counter']);
    });
    await db.schema.createTable('user_badges', (t) => {
      t.bigInteger('user_id').notNullable();
      t.text('badge_id').notNullable();
      t.timestamp('earned_at', { useTz: true }).notNullable();
      t.primary(['user_id', 'badge_id']);
    });
    await db.schema.createTable('roster_checks', (t) => {
      t.bigInteger('user_id').primary();
      // The latest card event's time: the badge's earnedAt if this check finds a club complete.
      t.timestamp('event_at', { useTz: true }).notNullable();
      // Bumped by every request, so a check only clears the request it saw.
      t.integer('version').notNullable();
    });
  },
};
