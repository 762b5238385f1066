import type { Migration } from '@touchline/kit';

/**
 * Counter-offers: an offer may answer another one (the recipient's counter), which becomes
 * `countered`. Every counter names the first offer of its negotiation (thread_id; null on the first
 * offer itself, which is the thread) and its step.
 */
export const counterOffers: Migration = {
  name: '003_counter_offers',
  async up(db) {
    await db.schema.alterTable('trade_offers', (t) => {
      t.bigInteger('counter_of').references('id').inTable('trade_offers');
      t.bigInteger('thread_id');
      t.integer('thread_step').notNullable().defaultTo(0);
    });
    await db.raw(`alter table trade_offers drop constraint trade_offers_status`);
    await db.raw(
      `alter table trade_offers add constraint trade_offers_status check (status in
        ('pending','accepting','accepted','declined','cancelled','voided','expired','countered'))`,
    );
    // One counter per offer: two counters racing for the same offer cannot both be stored.
    await db.raw(
      `create unique index trade_offers_one_counter on trade_offers (counter_of) where counter_of is not null`,
    );
    await db.raw(`create index trade_offers_thread on trade_offers (thread_id) where thread_id is not null`);
  },
};
