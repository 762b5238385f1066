import type { Card } from '@/features/cards/types';

/** Gateway contract of the trade marketplace (game spec, sections 3 and 7). */

/** A card its owner listed for trade, with what they would like for it (null: anything). */
export interface TradeWish {
  id: number;
  userId: number;
  /** The owner's username; null when unknown (shown as 'User #id'). */
  username: string | null;
  /** Null when the card could not be looked up. */
  card: Card | null;
  desiredRarity: string | null;
  desiredPosition: string | null;
  desiredTeamId: number | null;
  minimumCoins: number | null;
  notes: string | null;
  status: string;
  createdAt: string;
}

export type WishSort = 'newest' | 'rarity' | 'value_desc' | 'value_asc';

/** The marketplace filters; '' (or null for the team) means any. */
export interface WishFilters {
  search: string;
  rarity: string;
  position: string;
  teamId: number | null;
  /** The owner's username. */
  user: string;
  sort: WishSort;
}

/** POST /api/tradewishes: optional fields are sent only when set. */
export interface CreateWishRequest {
  cardId: number;
  desiredRarity?: string;
  desiredPosition?: string;
  desiredTeamId?: number;
  minimumCoins?: number;
  notes?: string;
}

export type OfferType = 'coins' | 'card';

/** POST /api/trades/offer-for-wish. */
export interface OfferForWishRequest {
  wishId: number;
  offerType: OfferType;
  cardId?: number;
  coinAmount?: number;
}
