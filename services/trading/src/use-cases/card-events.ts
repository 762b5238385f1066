import { inRounds, type Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { lockOpenOffersOfUser, openOffersWithCards } from '../db/offers';
import { voidWishesOfUser, wishesClosing } from '../db/wishes';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

/**
 * Voids the open offers (locked here) that hold any of these cards and that `stillTradable` refuses,
 * each offer once (an offer holding two of the cards is read twice); the wishes in `wishes` end in
 * the same round trip.
 */
async function voidOffersWithCards(
  deps: TradingDeps,
  trx: Tx,
  cardIds: number[],
  wishes: ReturnType<typeof wishesClosing>,
  reason: 'card_moved' | 'card_listed',
  now: Date,
  stillTradable: (offer: { card_id: number; owner_user_id: number }) => boolean = () => false,
): Promise<void> {
  const voided = new Set<number>();
  for (const offer of await openOffersWithCards(trx, cardIds, wishes)) {
    if (voided.has(offer.id) || stillTradable(offer)) continue;
    voided.add(offer.id);
    await voidOffer(deps, trx, offer, reason, now);
  }
}

/**
 * Cards changed owner elsewhere (a sale, a transfer to the shop, an admin move): offers and wishes
 * that count on a previous owner end. A move onto the owner an offer expects (an old event arriving
 * late) changes nothing. Trades of our own and moves out of the market's supply never come here (the
 * consumer answers them irrelevant, consumers.ts): their saga, or the move to the market, ended them.
 * The wishes end in the statement that finds the offers: one round trip for both, per round of a
 * fetched batch (a card moved twice in the batch is handled in order).
 */
export async function onCardsTransferred(
  deps: TradingDeps,
  trx: Tx,
  events: EventOutput<'cards.card.transferred'>[],
): Promise<void> {
  const now = deps.clock.now();
  for (const round of inRounds(events, (event) => event.cardId)) {
    const owners = new Map(round.map((event) => [event.cardId, event.toUserId]));
    const cardIds = [...owners.keys()];
    const wishes = wishesClosing(trx, cardIds, 'voided', 'The card changed owner', now, {
      keepOwners: owners,
    });
    await voidOffersWithCards(
      deps,
      trx,
      cardIds,
      wishes,
      'card_moved',
      now,
      (offer) => offer.owner_user_id === owners.get(offer.card_id),
    );
  }
}

/**
 * Listed cards cannot be traded or wished (docs/design.md#5-cards-and-the-market): their offers and wishes end; the
 * cards of a fetched batch together.
 */
export async function onListingsCreated(
  deps: TradingDeps,
  trx: Tx,
  events: EventOutput<'cards.listing.created'>[],
): Promise<void> {
  const now = deps.clock.now();
  const cardIds = [...new Set(events.map((event) => event.cardId))];
  const wishes = wishesClosing(trx, cardIds, 'voided', 'The card was listed for sale', now);
  await voidOffersWithCards(deps, trx, cardIds, wishes, 'card_listed', now);
}

/** A banned user's open offers, both ways, and wishes end. */
export async function onUserBanned(
  deps: TradingDeps,
  trx: Tx,
  event: EventOutput<'identity.user.banned'>,
): Promise<void> {
  if (!event.banned) return;
  const now = deps.clock.now();
  const offers = await lockOpenOffersOfUser(trx, event.userId);
  for (const offer of offers) await voidOffer(deps, trx, offer, 'user_banned', now);
  await voidWishesOfUser(trx, event.userId, 'The user is no longer active', now);
}

/**
 * Cards given up for a squad challenge (decision 0018) are gone for good: every offer and wish on
 * them ends, as for a card moved to no one a trade could expect (owner 0 in the move's terms).
 */
export function onCardsBurned(
  deps: TradingDeps,
  trx: Tx,
  events: EventOutput<'cards.card.burned'>[],
): Promise<void> {
  return onCardsTransferred(
    deps,
    trx,
    events.map((event) => ({
      cardId: event.cardId,
      playerId: event.playerId,
      fromUserId: event.userId,
      toUserId: 0,
      currentPrice: event.currentPrice,
      reason: 'challenge',
      reference: `challenge:${event.submissionId}`,
      transferredAt: event.burnedAt,
    })),
  );
}
