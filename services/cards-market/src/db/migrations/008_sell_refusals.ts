import type { Migration } from '@touchline/kit';

/**
 * The refusal a sell request's key got, so that every request with that key gets the same one: a
 * copy sent at the same time (a double tap) or a retry, even after the card changed hands.
 */
export const sellRefusals: Migration = {
  name: '008_sell_refusals',
  async up(db) {
    await db.raw(
      `create table sell_refusals (
         idempotency_key text primary key,
         code text not null,
         message text not null,
         details jsonb,
         refused_at timestamptz not null
       )`,
    );
  },
};
