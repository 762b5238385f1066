import { z } from 'zod';
import { Card, Player } from './cards';
import { playerFilters, Timestamp } from './common';
import { pageOf, pageQuery, pageTotal } from './paging';

export const MarketStatus = z
  .object({
    isOpen: z.boolean(),
    /** For example 'Opens Monday 9:30 AM ET' or 'Closes today 4:00 PM ET'. */
    nextEvent: z.string(),
    /** When the market next opens or closes; null when unknown (the market is forced open or shut). */
    nextEventAt: Timestamp.nullable(),
  })
  .meta({ id: 'MarketStatus' });
export type MarketStatus = z.infer<typeof MarketStatus>;

/** The team as embedded in a market listing item. */
export const MarketItemTeam = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  abbreviation: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
});

/**
 * A listing of GET /api/market: a user's listing, or the cheapest edition the market itself still
 * holds of a player (userId 0). `id` is the card id.
 */
export const MarketItem = z
  .object({
    id: z.number(),
    player: Player,
    team: MarketItemTeam,
    priceChange: z.number(),
    /** The seller; 0 means the market itself. */
    userId: z.number(),
    /** The seller's username; null for the market (0) and for a user who no longer exists. */
    username: z.string().nullable(),
    /** What a buyer pays: the asking price of a user listing, the current price of a market card. */
    price: z.number(),
    editionNumber: z.number(),
    maxEditions: z.number(),
    /** Null for market-owned cards. */
    listingId: z.number().nullable(),
    listedAt: Timestamp.nullable(),
  })
  .meta({ id: 'MarketItem' });
export type MarketItem = z.infer<typeof MarketItem>;

export const MARKET_SORTS = ['price_asc', 'price_desc', 'change'] as const;
export const PLAYER_SORTS = ['price_desc', 'price_asc', 'change', 'name'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];
export type PlayerSort = (typeof PLAYER_SORTS)[number];

export const MarketQuery = z.strictObject({
  ...playerFilters,
  sort: z.enum(MARKET_SORTS).default('price_asc'),
  ...pageQuery,
});
export const PlayersQuery = z.strictObject({
  ...playerFilters,
  sort: z.enum(PLAYER_SORTS).default('price_desc'),
  ...pageQuery,
});

/** A page of GET /api/market (with `cursor` or `limit`). */
export const MarketPage = pageOf(MarketItem, pageTotal).meta({ id: 'MarketPage' });
export type MarketPage = z.infer<typeof MarketPage>;
/** A page of GET /api/market/all-players (with `cursor` or `limit`). */
export const PlayersPage = pageOf(Player, pageTotal).meta({ id: 'PlayersPage' });
export type PlayersPage = z.infer<typeof PlayersPage>;

/** How many of the biggest 24h movers `GET /api/market/trending` answers (home's Trending Players). */
export const TRENDING_LIMIT = 8;

export const PRICE_RANGES = ['1d', '1w', '1m', '3m', 'all'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
export const PriceHistoryQuery = z.strictObject({ range: z.enum(PRICE_RANGES).default('1d') });

export const PricePoint = z.object({ at: Timestamp, price: z.number() });
/** Points oldest first, every 5 minutes during market hours. */
export const PriceHistory = z.object({ playerId: z.number(), points: z.array(PricePoint) });
export type PriceHistory = z.infer<typeof PriceHistory>;

export const SellBody = z.strictObject({
  price: z.number({ error: 'price must be a number' }).int('price must be a whole number').positive(),
  /**
   * The fee percent the seller was shown; when the current price has moved so that this price now
   * costs another rate, 409 and nothing is listed (docs/design.md#3-money-one-ledger).
   */
  expectedFeePercent: z.number().int().min(0).max(100).optional(),
});

export const SellResult = z.object({
  card: Card,
  listingId: z.number(),
  price: z.number(),
  /** 10 or 15, fixed when listed (docs/design.md#3-money-one-ledger). */
  feePercent: z.number(),
  estimatedProceeds: z.number(),
});
export type SellResult = z.infer<typeof SellResult>;

export const WithdrawResult = z.object({ card: Card });

/**
 * One of the player's own open listings ('My listings', issue 43): its price and fee (fixed when
 * listed), when it was listed, and the card's market price then and now.
 */
export const OwnListing = z
  .object({
    listingId: z.number(),
    card: Card,
    price: z.number(),
    /** 10 or 15, fixed when listed and charged at the sale. */
    feePercent: z.number(),
    /** What the seller gets: price minus the fee. */
    estimatedProceeds: z.number(),
    listedAt: Timestamp,
    /** The player's price when the card was listed; null when it was not recorded. */
    marketPriceAtListing: z.number().nullable(),
    /** The player's price now. */
    currentPrice: z.number(),
    /** 'settling' while a buyer is paying for it: it cannot be withdrawn or re-priced then. */
    status: z.enum(['active', 'settling']),
  })
  .meta({ id: 'OwnListing' });
export type OwnListing = z.infer<typeof OwnListing>;

export const OwnListingsQuery = z.strictObject({ ...pageQuery });
export const OwnListingsPage = pageOf(OwnListing).meta({ id: 'OwnListingsPage' });
export type OwnListingsPage = z.infer<typeof OwnListingsPage>;

/** A new price for a listed card: a withdraw and a new listing, with the fee rule of a new listing. */
export const RepriceBody = SellBody;

export const BuyBody = z.strictObject({
  /** The price the buyer saw; a different current price answers 409 'The price changed to N coins'. */
  expectedPrice: z.number().int().positive().optional(),
});

export const BuyResult = z.object({ card: Card, pricePaid: z.number(), remainingCoins: z.number() });
export type BuyResult = z.infer<typeof BuyResult>;

export const Balance = z.object({
  coins: z.number(),
  /** Coins set aside (an open cash-out, a purchase or trade in flight): not spendable, not lost. */
  heldCoins: z.number().optional(),
});
export type Balance = z.infer<typeof Balance>;

export type MarketItemTeam = z.infer<typeof MarketItemTeam>;
export type MarketQuery = z.infer<typeof MarketQuery>;
export type PlayersQuery = z.infer<typeof PlayersQuery>;
export type PriceHistoryQuery = z.infer<typeof PriceHistoryQuery>;
export type PricePoint = z.infer<typeof PricePoint>;
export type SellBody = z.infer<typeof SellBody>;
export type WithdrawResult = z.infer<typeof WithdrawResult>;
export type BuyBody = z.infer<typeof BuyBody>;
