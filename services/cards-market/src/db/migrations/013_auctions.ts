import type { Migration } from '@touchline/kit';

/**
 * Auctions (docs/design.md#5-cards-and-the-market, decision 0016). While an auction is open or
 * settling its card carries `hold_key = 'auction:<id>'`, so the market, trades and another auction
 * refuse it through the checks they already make; a partial unique index keeps one open auction per
 * card. A bid's coins are a wallet hold under `auction-bid:<bid id>`: `hold` says where that hold
 * stands ('releasing' is a hold to void: the sweeper finishes what a crash left).
 */
export const auctions: Migration = {
  name: '013_auctions',
  async up(db) {
    await db.raw(
      `create table auctions (
         id bigserial primary key,
         idempotency_key text not null,
         card_id bigint not null references cards (id),
         seller_id bigint not null,
         player_id integer not null references players (id),
         start_price bigint not null check (start_price > 0),
         buy_now_price bigint check (buy_now_price > start_price),
         fee_percent integer not null,
         duration text not null check (duration in ('1h', '6h', '24h', '3d')),
         status text not null check (status in ('open', 'settling', 'sold', 'unsold', 'withdrawn')),
         ends_at timestamptz not null,
         current_bid bigint,
         current_bid_id bigint,
         current_bidder_id bigint,
         bid_count integer not null default 0,
         buy_now boolean not null default false,
         winner_id bigint,
         final_price bigint,
         fee bigint,
         settled_at timestamptz,
         created_at timestamptz not null,
         updated_at timestamptz not null,
         unique (seller_id, idempotency_key)
       )`,
    );
    await db.raw(
      `create unique index auctions_one_open_per_card on auctions (card_id) where status in ('open', 'settling')`,
    );
    // The live list (ending soonest first) and the sweeper's due auctions.
    await db.raw(
      `create index auctions_open_ends on auctions (ends_at, id) where status in ('open', 'settling')`,
    );
    await db.raw(`create index auctions_seller on auctions (seller_id, id)`);
    await db.raw(
      `create table auction_bids (
         id bigserial primary key,
         auction_id bigint not null references auctions (id),
         bidder_id bigint not null,
         idempotency_key text not null,
         amount bigint not null check (amount > 0),
         fee bigint not null,
         buy_now boolean not null,
         status text not null check (status in ('pending', 'leading', 'outbid', 'won', 'refused', 'withdrawn')),
         hold text not null check (hold in ('taking', 'none', 'held', 'releasing', 'released', 'committed')),
         failure text,
         created_at timestamptz not null,
         updated_at timestamptz not null,
         unique (bidder_id, idempotency_key)
       )`,
    );
    await db.raw(`create index auction_bids_auction on auction_bids (auction_id, id)`);
    await db.raw(`create index auction_bids_bidder on auction_bids (bidder_id, id)`);
    // The sweeper's work: holds to release, bids whose hold was never confirmed.
    await db.raw(
      `create index auction_bids_unfinished on auction_bids (updated_at) where hold in ('taking', 'releasing')`,
    );
  },
};
