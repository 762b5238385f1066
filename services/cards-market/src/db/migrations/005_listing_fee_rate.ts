import type { Migration } from '@touchline/kit';
import { SALE_FEE_PERCENT_ABOVE, SALE_FEE_PERCENT_AT_OR_BELOW } from '@touchline/rules';

/**
 * The sale fee rate is decided when a card is listed and kept on the listing (docs/design.md#3-money-one-ledger), so
 * a price tick between listing and sale never changes what the seller was told. Listings made before
 * this column existed get the rate their price gives against the current price, as they were charged.
 */
export const listingFeeRate: Migration = {
  name: '005_listing_fee_rate',
  async up(db) {
    await db.schema.alterTable('listings', (t) => {
      t.integer('fee_percent');
    });
    await db.raw(
      `update listings l
          set fee_percent = case when l.price <= p.current_price then ?::int else ?::int end
         from cards k join players p on p.id = k.player_id
        where k.id = l.card_id`,
      [SALE_FEE_PERCENT_AT_OR_BELOW, SALE_FEE_PERCENT_ABOVE],
    );
    await db.raw(`alter table listings alter column fee_percent set not null`);
    await db.raw(
      `alter table listings add constraint listings_fee_percent check (fee_percent between 0 and 100)`,
    );
  },
};
