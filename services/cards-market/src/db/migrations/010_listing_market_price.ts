import type { Migration } from '@touchline/kit';

/**
 * The player's price when a card was listed, kept on the listing: 'My listings' shows how the market
 * moved since (issue 43). Open listings made before it take the last recorded price at or before
 * their listing time; null where none was recorded (shown as unknown). Own listings are paged newest
 * first by seller, among the open ones.
 */
export const listingMarketPrice: Migration = {
  name: '010_listing_market_price',
  async up(db) {
    await db.raw(`alter table listings add column market_price_at_listing bigint`);
    await db.raw(
      `update listings l
          set market_price_at_listing = (
                select h.price from price_history h join cards k on k.player_id = h.player_id
                 where k.id = l.card_id and h.at <= l.created_at
                 order by h.at desc limit 1)
        where l.status in ('active', 'settling')`,
    );
    await db.raw(
      `create index listings_open_by_seller_newest on listings (seller_id, id desc)
         where status in ('active', 'settling')`,
    );
  },
};
