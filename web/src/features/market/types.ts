/** Gateway contract of the market (game spec, sections 3 and 7). */

import type { Card, Player, Position } from '@/features/cards/types';

/** GET /api/market/status, polled every 60 s. */
export interface MarketStatus {
  isOpen: boolean;
  /** For example 'Opens Monday 9:30 AM ET' or 'Closes today 4:00 PM ET'. */
  nextEvent: string;
  /** ISO timestamp of the next open or close; null when unknown. */
  nextEventAt: string | null;
}

/** The club as embedded in a market listing item. */
export interface MarketItemTeam {
  name: string;
  logoUrl: string | null;
  abbreviation: string;
  primaryColor: string;
  secondaryColor: string;
}

/**
 * A listing of GET /api/market: a user's listing, or the cheapest edition the market itself still holds
 * of a player (userId 0). `id` is the card id.
 */
export interface MarketItem {
  id: number;
  player: Player;
  team: MarketItemTeam;
  /** Percent change of the player's price. */
  priceChange: number;
  /** The seller; 0 means the market itself. */
  userId: number;
  /** What a buyer pays: the asking price of a user listing, the current price of a market card. */
  price: number;
  editionNumber: number;
  maxEditions: number;
  /** Null for market-owned cards. */
  listingId: number | null;
  /** ISO timestamp; null for market-owned cards. */
  listedAt: string | null;
}

export type MarketSortKey = 'price_asc' | 'price_desc' | 'change';
export type PlayerSortKey = 'price_desc' | 'price_asc' | 'change' | 'name';

/** Query of GET /api/market and GET /api/market/all-players. */
export interface MarketFilters<S extends string> {
  /** Omitted (all positions) when null. */
  position: Position | null;
  sort: S;
  search: string;
}

export type PriceRange = '1d' | '1w' | '1m';

export interface PricePoint {
  /** ISO timestamp. */
  at: string;
  price: number;
}

/** GET /api/market/players/{id}/history: points oldest first, every 5 minutes during market hours. */
export interface PriceHistory {
  playerId: number;
  points: PricePoint[];
}

/** POST /api/market/buy/{cardId}. */
export interface BuyCardResponse {
  card: Card;
  pricePaid: number;
  remainingCoins: number;
}

/** POST /api/market/sell/{cardId}. */
export interface SellCardResponse {
  card: Card;
  listingId: number;
  price: number;
  feePercent: number;
  estimatedProceeds: number;
}

/** POST /api/market/withdraw/{cardId}. */
export interface WithdrawListingResponse {
  card: Card;
}

/** GET /api/user/balance. */
export interface Balance {
  coins: number;
}
