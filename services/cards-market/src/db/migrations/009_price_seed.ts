import type { Migration } from '@touchline/kit';

/**
 * The price engine's secret key: one row, written by the first start. A check on the id keeps it
 * one row, so replicas starting together agree on whichever key was inserted first.
 */
export const priceSeed: Migration = {
  name: '009_price_seed',
  async up(db) {
    await db.raw(
      `create table price_seed (
         id smallint primary key default 1 check (id = 1),
         seed bytea not null,
         created_at timestamptz not null default now()
       )`,
    );
  },
};
