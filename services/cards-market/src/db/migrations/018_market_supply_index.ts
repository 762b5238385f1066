import type { Migration } from '@touchline/kit';

/**
 * The market's own supply (db/listings.ts marketSupply): the lowest free edition of each player the
 * market holds, read for every rebuild of the market page. Without an index it sorted the market's
 * ~12,000 cards each time (10.6 ms a read in a 250-player crowd, 132 reads in one run,
 * pg_stat_statements); with this partial index each player is one probe (2 ms for 858 players).
 * Only free market cards are in it, so a player's card leaves it when sold or held.
 */
export const marketSupplyIndex: Migration = {
  name: '018_market_supply_index',
  async up(db) {
    await db.raw(
      `create index cards_market_supply on cards (player_id, edition_number)
         where owner_id = 0 and reserved_by is null and hold_key is null`,
    );
  },
};
