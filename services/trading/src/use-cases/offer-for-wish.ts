import { businessRule, conflict, invalid, notFound } from '@touchline/kit';
import type { MakeOfferForWishRequest__Output } from '@touchline/protos/gen/touchline/trading/MakeOfferForWishRequest';
import type { TradeOffer } from '@touchline/protos/gen/touchline/trading/TradeOffer';
import { findOfferByKey } from '../db/offers';
import { findWish } from '../db/wishes';
import { SELF_TRADE } from '../domain/offer';
import { checkCoinOffer, NO_CARD_SELECTED, WISH_NOT_FOUND, WISH_NOT_OPEN } from '../domain/wish';
import { createOffer } from './create-offer';
import type { TradingDeps } from './deps';

/**
 * An offer on a wish: coins (at least the owner's minimum) or one of the caller's cards, for the
 * wished card. It is an ordinary pending offer to the wish's owner; accepting it fulfils the wish.
 * Idempotent by key, like any offer.
 */
export async function makeOfferForWish(
  deps: TradingDeps,
  request: MakeOfferForWishRequest__Output,
): Promise<TradeOffer> {
  const wish = await findWish(deps.db, request.wishId);
  if (!wish) throw notFound(WISH_NOT_FOUND);
  if (wish.user_id === request.userId) throw businessRule(SELF_TRADE);
  // A retry of an offer that was made (its answer lost) gets that offer, even if the wish has
  // closed since; createOffer checks that the key was used for these terms.
  const made = request.idempotencyKey
    ? await findOfferByKey(deps.db, request.userId, request.idempotencyKey)
    : undefined;
  if (!made && wish.status !== 'open') throw conflict(WISH_NOT_OPEN);
  let offeredCardIds: number[] = [];
  let offeredCoins = 0;
  if (request.offerType === 'coins') {
    offeredCoins = checkCoinOffer(request.coinAmount, wish.minimum_coins);
  } else if (request.offerType === 'card') {
    if (!Number.isSafeInteger(request.cardId) || request.cardId <= 0) throw invalid(NO_CARD_SELECTED);
    offeredCardIds = [request.cardId];
  } else {
    throw invalid("offer_type must be 'coins' or 'card'");
  }
  return createOffer(deps, {
    fromUserId: request.userId,
    toUserId: wish.user_id,
    offeredCardIds,
    offeredCoins,
    requestedCardIds: [wish.card_id],
    requestedCoins: 0,
    note: request.note,
    wishId: wish.id,
    idempotencyKey: request.idempotencyKey,
  });
}
