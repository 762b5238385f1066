import type { Tx } from '@touchline/kit';
import type { EventOutput } from '@touchline/protos';
import { lockOpenOffersOfUser, openOffersWithCards } from '../db/offers';
import { voidWishesOfUser, wishesClosing } from '../db/wishes';
import { isTradeReference } from '../domain/saga';
import type { TradingDeps } from './deps';
import { voidOffer } from './voiding';

/**
 * A card changed owner elsewhere (a sale, a transfer to the shop, an admin move): offers and wishes
 * that count on its previous owner end. A move onto the owner an offer expects (an old event arriving
 * late) changes nothing. Trades of our own are skipped: their saga applies the consequences itself.
 * The wishes end in the statement that finds the offers: one round trip for both.
 */
export async function onCardTransferred(
  deps: TradingDeps,
  trx: Tx,
  event: EventOutput<'cards.card.transferred'>,
): Promise<void> {
  if (isTradeReference(event.reference)) return;
  const now = deps.clock.now();
  const wishes = wishesClosing(trx, [event.cardId], 'voided', 'The card changed owner', now, {
    exceptUserId: event.toUserId,
  });
  for (const offer of await openOffersWithCards(trx, [event.cardId], wishes)) {
    if (offer.owner_user_id !== event.toUserId) await voidOffer(deps, trx, offer, 'card_moved', now);
  }
}

/**
 * Listed cards cannot be traded or wished (design.md section 5): their offers and wishes end; the
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
  for (const offer of await openOffersWithCards(trx, cardIds, wishes))
    await voidOffer(deps, trx, offer, 'card_listed', now);
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
