import type { Card } from '@/features/cards/types';

/** Gateway contract of trade offers (game spec, section 3; design.md, section 7). */

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'voided' | 'expired';

/** A side of an offer; other users appear by username only (null when unknown). */
export interface TradeParty {
  id: number;
  username: string | null;
}

/**
 * A trade offer: the sender (fromUser) offers cards plus optional coins and may ask for cards of the
 * recipient (toUser) and/or coins. Coins carry the 2.5% transfer fee: the receiver gets the AfterFee
 * amounts.
 */
export interface TradeOffer {
  id: number;
  /** The first offered card, the one the spec's screens show; null when the offer is coins only. */
  card: Card | null;
  cards: Card[];
  requestedCards: Card[];
  coinOffer: number;
  coinOfferAfterFee: number;
  requestedCoins: number;
  requestedCoinsAfterFee: number;
  status: OfferStatus | string;
  /** Why the offer ended (or why an accept failed); null otherwise. */
  statusReason: string | null;
  note: string | null;
  /** The trade wish the offer answers, if any. */
  wishId: number | null;
  createdAt: string;
  expiresAt: string;
  fromUser: TradeParty;
  toUser: TradeParty;
}

/** GET /api/users/usernames: every user (id 0 is the market itself). */
export interface UsernameEntry {
  id: number;
  username: string;
}

/** POST /api/trades/create. */
export interface CreateTradeRequest {
  cardId: number;
  /** The recipient's username. */
  targetUser: string;
  coinOffer: number;
  requestedCardIds?: number[];
  requestedCoins?: number;
  note?: string;
}
