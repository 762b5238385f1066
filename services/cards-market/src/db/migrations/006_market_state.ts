import type { Migration } from '@touchline/kit';

/**
 * Whether the market was last seen open: the replica whose update flips it announces the change
 * (market.status.changed), so several replicas announce each opening and closing once.
 */
export const marketState: Migration = {
  name: '006_market_state',
  async up(db) {
    await db.raw(
      `create table market_state (
         id smallint primary key check (id = 1),
         is_open boolean not null,
         changed_at timestamptz not null
       )`,
    );
  },
};
