import { businessRule, invalid } from '@touchline/kit';

/**
 * Offer lifecycle. `accepting` is internal: an accept saga owns the offer and nothing else may change
 * it until the saga ends (accepted, or back to pending with the reason). Callers see it as pending.
 *
 *   pending → accepting → accepted | pending (accept failed) | voided | expired
 *   pending → declined (recipient) | cancelled (sender) | voided (cards moved, listed, user banned) | expired
 *   pending → countered (recipient answered with a counter-offer, a new pending offer the other way)
 */
export type OfferStatus =
  'pending' | 'accepting' | 'accepted' | 'declined' | 'cancelled' | 'voided' | 'expired' | 'countered';

export const OPEN_STATUSES: readonly OfferStatus[] = ['pending', 'accepting'];

/** Why an offer was voided: the `reason` of trading.offer.voided. */
export type VoidReason = 'card_moved' | 'card_listed' | 'user_banned' | 'expired';

/** What a player reads in status_reason for each void. */
export const VOID_MESSAGES: Record<VoidReason, string> = {
  card_moved: 'A card in this offer changed owner',
  card_listed: 'A card in this offer was listed for sale',
  user_banned: 'A user in this offer is no longer active',
  expired: 'The offer expired',
};

export const SELF_TRADE = 'You cannot trade with yourself';
export const USER_NOT_FOUND = 'User not found';
export const OFFER_NOT_FOUND = 'Trade offer not found';
export const MUTED_NOTE = 'Muted users cannot post notes';
export const NOT_PENDING = 'This offer is no longer pending';
export const BEING_ACCEPTED = 'This offer is being accepted right now';
export const OFFER_EXPIRED = 'This offer has expired';
export const CARD_UNAVAILABLE = 'A card in this trade is no longer available';
export const NOT_ENOUGH_COINS = 'Not enough coins';
export const SENDER_SHORT = 'The sender no longer has enough coins for this trade';
export const SERVICE_DOWN = 'A service is temporarily unavailable. Please try again.';
export const TRADE_FINISHING = 'This trade is being completed. Please check back in a moment.';

export const MAX_CARDS_PER_SIDE = 10;
/** Counters in one negotiation: the first offer is step 0, its counters steps 1 to 10. */
export const MAX_COUNTER_STEPS = 10;
export const TOO_MANY_COUNTERS = `A negotiation can have at most ${MAX_COUNTER_STEPS} counter-offers`;
export const MAX_NOTE_LENGTH = 500;
/** Same ceiling as the wallet's single posting. */
export const MAX_COINS = 1_000_000_000_000;

/** What an offer exchanges; the sender is from, the recipient to. */
export interface OfferTerms {
  fromUserId: number;
  toUserId: number;
  offeredCardIds: number[];
  offeredCoins: number;
  requestedCardIds: number[];
  requestedCoins: number;
}

function cardIds(ids: number[], field: string): number[] {
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) throw invalid(`${field} must be card ids`);
  const unique = [...new Set(ids)];
  if (unique.length > MAX_CARDS_PER_SIDE) throw invalid(`At most ${MAX_CARDS_PER_SIDE} cards per side`);
  return unique;
}

function coins(amount: number, field: string): number {
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > MAX_COINS)
    throw invalid(`${field} must be a whole number of coins`);
  return amount;
}

/**
 * The shape rules of an offer, before anything is looked up: something must be offered; an offer of
 * coins alone must ask for a card (coins for coins, or a coin gift, is no trade); coins flow one way.
 */
export function checkOfferTerms(terms: OfferTerms): OfferTerms {
  if (!Number.isSafeInteger(terms.toUserId) || terms.toUserId <= 0)
    throw invalid('Choose a user to trade with');
  if (terms.fromUserId === terms.toUserId) throw businessRule(SELF_TRADE);
  const checked: OfferTerms = {
    fromUserId: terms.fromUserId,
    toUserId: terms.toUserId,
    offeredCardIds: cardIds(terms.offeredCardIds, 'offered_card_ids'),
    offeredCoins: coins(terms.offeredCoins, 'offered_coins'),
    requestedCardIds: cardIds(terms.requestedCardIds, 'requested_card_ids'),
    requestedCoins: coins(terms.requestedCoins, 'requested_coins'),
  };
  if (checked.offeredCardIds.some((id) => checked.requestedCardIds.includes(id)))
    throw invalid('A card cannot be both offered and requested');
  if (checked.offeredCardIds.length === 0 && checked.offeredCoins === 0)
    throw invalid('Offer at least one card or some coins');
  if (checked.offeredCardIds.length === 0 && checked.requestedCardIds.length === 0)
    throw invalid('An offer of coins must ask for at least one card');
  if (checked.offeredCoins > 0 && checked.requestedCoins > 0)
    throw invalid('Offer coins or ask for coins, not both');
  return checked;
}

/** Trimmed; refused when too long (the mute rule needs the user, so it is checked by the use case). */
export function checkNote(note: string): string {
  const trimmed = note.trim();
  if (trimmed.length > MAX_NOTE_LENGTH) throw invalid(`Notes can be at most ${MAX_NOTE_LENGTH} characters`);
  return trimmed;
}

/** Two requests with the same idempotency key must ask for the same offer. */
export function sameTerms(a: OfferTerms, b: OfferTerms): boolean {
  const key = (ids: number[]) => [...new Set(ids)].sort((p, q) => p - q).join(',');
  const sameSet = (x: number[], y: number[]) => key(x) === key(y);
  return (
    a.fromUserId === b.fromUserId &&
    a.toUserId === b.toUserId &&
    a.offeredCoins === b.offeredCoins &&
    a.requestedCoins === b.requestedCoins &&
    sameSet(a.offeredCardIds, b.offeredCardIds) &&
    sameSet(a.requestedCardIds, b.requestedCardIds)
  );
}

/** A pending offer past its expiry is expired, whether or not the expiry job has marked it yet. */
export function isExpired(status: OfferStatus, expiresAt: Date, now: Date): boolean {
  return status === 'pending' && expiresAt.getTime() <= now.getTime();
}

/** What callers see: the saga's internal state is still a pending offer to them. */
export function visibleStatus(status: OfferStatus, expiresAt: Date, now: Date): string {
  if (isExpired(status, expiresAt, now)) return 'expired';
  return status === 'accepting' ? 'pending' : status;
}
