import { z } from 'zod';
import { Player } from './cards';
import { Id, RarityFilter, Timestamp } from './common';
import { pageOf, pageQuery } from './paging';

/** The four durations an auction runs (libs/rules auctions.ts, AUCTION_DURATIONS). */
export const AuctionDuration = z.enum(['1h', '6h', '24h', '3d']);

export const AuctionStatus = z.enum(['open', 'settling', 'sold', 'unsold', 'withdrawn']);

/** One bid of an auction's history; the bidder by username ('You' is the page's to say). */
export const AuctionBid = z
  .object({
    id: z.number(),
    bidderId: z.number(),
    bidderUsername: z.string(),
    amount: z.number(),
    /** leading, outbid, won, withdrawn (the bidder was banned), pending (coins being held). */
    status: z.enum(['pending', 'leading', 'outbid', 'won', 'refused', 'withdrawn']),
    buyNow: z.boolean(),
    placedAt: Timestamp,
  })
  .meta({ id: 'AuctionBid' });

/**
 * An auction as anyone sees it: the card's public face (player, edition), the seller by username,
 * the prices, the end (which a bid in the last 30 s moves) and the bids so far.
 */
export const Auction = z
  .object({
    id: z.number(),
    cardId: z.number(),
    player: Player,
    editionNumber: z.number(),
    maxEditions: z.number(),
    sellerId: z.number(),
    sellerUsername: z.string(),
    startPrice: z.number(),
    /** Null when the seller set none. */
    buyNowPrice: z.number().nullable(),
    /** The market's sale fee percent, fixed when the auction started, charged on the final price. */
    feePercent: z.number(),
    duration: AuctionDuration,
    startedAt: Timestamp,
    endsAt: Timestamp,
    status: AuctionStatus,
    /** Null before the first bid. */
    currentBid: z.number().nullable(),
    currentBidderId: z.number().nullable(),
    bidCount: z.number(),
    /** The lowest bid it takes now: the start price, or the current bid + 5% (at least 1 coin); null once closed. */
    minNextBid: z.number().nullable(),
    winnerId: z.number().nullable(),
    finalPrice: z.number().nullable(),
    settledAt: Timestamp.nullable(),
    /** My bids: the user's highest bid on it. */
    myHighestBid: z.number().nullable().optional(),
  })
  .meta({ id: 'Auction' });

export const AuctionDetail = Auction.extend({ bids: z.array(AuctionBid) }).meta({ id: 'AuctionDetail' });

export const AuctionsPage = pageOf(Auction).meta({ id: 'AuctionsPage' });

/** The live list's filters (empty: any), ending soonest first. */
export const AuctionsQuery = z.strictObject({
  rarity: RarityFilter.default(''),
  teamId: z.coerce.number().int().min(0).default(0),
  ...pageQuery,
});
export const OwnAuctionsQuery = z.strictObject({ ...pageQuery });

export const StartAuctionBody = z.strictObject({
  cardId: Id,
  startPrice: z.number().int('Start price must be a whole number of coins').positive(),
  /** Above the start price; leave out for none. */
  buyNowPrice: z
    .number()
    .int('Buy-now price must be a whole number of coins')
    .positive()
    .nullable()
    .optional(),
  duration: AuctionDuration,
});

export const BidBody = z.strictObject({
  amount: z.number().int('Bid must be a whole number of coins').positive().max(Number.MAX_SAFE_INTEGER),
});

export const BuyNowBody = z.strictObject({
  /** The buy-now price the buyer saw; another answers 409. */
  expectedPrice: z.number().int().positive().optional(),
});

export const BidResult = z
  .object({ auction: Auction, bid: AuctionBid, remainingCoins: z.number() })
  .meta({ id: 'BidResult' });

export type AuctionDuration = z.infer<typeof AuctionDuration>;
export type AuctionStatus = z.infer<typeof AuctionStatus>;
export type AuctionBid = z.infer<typeof AuctionBid>;
export type Auction = z.infer<typeof Auction>;
export type AuctionDetail = z.infer<typeof AuctionDetail>;
export type AuctionsPage = z.infer<typeof AuctionsPage>;
export type AuctionsQuery = z.input<typeof AuctionsQuery>;
export type StartAuctionBody = z.input<typeof StartAuctionBody>;
export type BidBody = z.input<typeof BidBody>;
export type BidResult = z.infer<typeof BidResult>;
