import { businessRule, conflict, forbidden, invalid, notFound, inTransaction } from '@touchline/kit';
import { LINEUP_CARD_MESSAGES, UNDER_REVIEW } from '@touchline/rules';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { findOfferByKey, insertOffer, termsOf, type Offer } from '../db/offers';
import { offerMessage } from '../mappers';
import {
  checkNote,
  checkOfferTerms,
  MUTED_NOTE,
  NOT_ENOUGH_COINS,
  sameTerms,
  USER_NOT_FOUND,
  type OfferTerms,
} from '../domain/offer';
import type { TradingDeps } from './deps';

export interface NewOffer extends OfferTerms {
  note: string;
  /** The wish this offer answers, if any. */
  wishId: number | null;
  idempotencyKey: string;
}

export const CARD_NOT_FOUND = 'Card not found';
export const NOT_YOUR_CARD = 'You can only offer your own cards';
export const NOT_THEIR_CARD = 'A requested card does not belong to this user';
export const CARD_FOR_SALE = 'Cards listed for sale cannot be traded';
export const CARD_AT_AUCTION = 'Cards at auction cannot be traded';

/** The recipient exists and is not banned; a muted sender cannot attach a note (docs/design.md#6-security). */
export async function checkUsers(deps: TradingDeps, terms: OfferTerms, note: string): Promise<void> {
  const { users } = await deps.identity.GetUsers({ userIds: [terms.fromUserId, terms.toUserId] });
  const recipient = users.find((u) => u.id === terms.toUserId);
  if (!recipient || recipient.banned) throw notFound(USER_NOT_FOUND);
  const sender = users.find((u) => u.id === terms.fromUserId);
  if (note && sender?.muted) throw forbidden(MUTED_NOTE);
}

/**
 * Each card belongs to its side and is neither listed, at auction nor in a matchday lineup (until
 * kickoff). Cards may sit in several pending offers at once:
 * nothing is reserved until an accept, whose holds settle who gets a card first.
 */
export async function checkCards(deps: TradingDeps, terms: OfferTerms): Promise<void> {
  const ids = [...terms.offeredCardIds, ...terms.requestedCardIds];
  if (ids.length === 0) return;
  const { cards } = await deps.cards.GetCardsByIds({ cardIds: ids });
  const byId = new Map(cards.map((c) => [c.id, c]));
  for (const id of terms.offeredCardIds) {
    const card = byId.get(id);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (card.userId !== terms.fromUserId) throw forbidden(NOT_YOUR_CARD);
    if (card.forSale) throw businessRule(CARD_FOR_SALE);
    if (card.auctionId) throw businessRule(CARD_AT_AUCTION);
    if (card.inLineup) throw businessRule(LINEUP_CARD_MESSAGES.cardInLineup);
  }
  for (const id of terms.requestedCardIds) {
    const card = byId.get(id);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (card.userId !== terms.toUserId) throw businessRule(NOT_THEIR_CARD);
    if (card.forSale) throw businessRule(CARD_FOR_SALE);
    if (card.auctionId) throw businessRule(CARD_AT_AUCTION);
    if (card.inLineup) throw businessRule(LINEUP_CARD_MESSAGES.requestedCardInLineup);
  }
}

/**
 * An early, friendly refusal; the accept's wallet hold is what really guarantees the coins, and
 * refuses them again if the sender is under review by then (docs/design.md#6-security).
 */
export async function checkCoins(deps: TradingDeps, terms: OfferTerms): Promise<void> {
  if (terms.offeredCoins === 0) return;
  const [{ coins }, { holds }] = await Promise.all([
    deps.wallet.GetBalance({ userId: terms.fromUserId }),
    deps.wallet.GetReviewHolds({ userIds: [terms.fromUserId] }),
  ]);
  if (holds.some((h) => h.held)) throw forbidden(UNDER_REVIEW);
  if (coins < terms.offeredCoins) throw businessRule(NOT_ENOUGH_COINS);
}

function repeat(earlier: Offer, input: NewOffer, now: Date): TradeOffer {
  if (!sameTerms(termsOf(earlier), input) || (earlier.wish_id ?? null) !== input.wishId)
    throw conflict('Idempotency key was used for another offer');
  return offerMessage(earlier, now);
}

/**
 * A pending offer from the sender to the recipient, valid for OFFER_TTL_MS, with trading.offer.created.
 * A retry with the same key answers the offer it made.
 */
export async function createOffer(deps: TradingDeps, input: NewOffer): Promise<TradeOffer> {
  if (!input.idempotencyKey) throw invalid('idempotency_key is required');
  const earlier = await findOfferByKey(deps.db, input.fromUserId, input.idempotencyKey);
  if (earlier) return repeat(earlier, input, deps.clock.now());

  const terms = checkOfferTerms(input);
  const note = checkNote(input.note);
  await checkUsers(deps, terms, note);
  await Promise.all([checkCards(deps, terms), checkCoins(deps, terms)]);

  const now = deps.clock.now();
  const created = await inTransaction(deps.db, async (trx) => {
    const offer = await insertOffer(trx, terms, {
      note,
      wishId: input.wishId,
      key: input.idempotencyKey,
      now,
      expiresAt: new Date(now.getTime() + deps.config.OFFER_TTL_MS),
    });
    if (!offer) return undefined;
    await deps.outbox.add(trx, 'trading.offer.created', String(offer.id), {
      offerId: offer.id,
      fromUserId: terms.fromUserId,
      toUserId: terms.toUserId,
      offeredCardIds: terms.offeredCardIds,
      offeredCoins: terms.offeredCoins,
      requestedCardIds: terms.requestedCardIds,
      requestedCoins: terms.requestedCoins,
      wishId: input.wishId ?? 0,
      createdAt: now.toISOString(),
    });
    return offer;
  });
  if (created) return offerMessage(created, now);
  // A concurrent request with the same key inserted first: answer its offer.
  return repeat((await findOfferByKey(deps.db, input.fromUserId, input.idempotencyKey))!, input, now);
}
