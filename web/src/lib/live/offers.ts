import type { QueryClient } from '@tanstack/react-query';

import type { LiveOffers, TradeOffer } from '@touchline/contract';

import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { tradeKeys, tradeWishesKey, withoutOffer } from '@/lib/data/trades';

/**
 * One of the user's offers changed state. The list it sits in (Sent for the sender, Incoming for the
 * recipient) holds pending offers only: an offer that ended leaves it at once and nothing else in
 * it changed, so it is read again only for a new offer it does not show yet (the sender's own tab
 * read its Sent list after sending), or when it was full (an older offer moves up: withoutOffer).
 * Coins and cards that moved arrive as their own `balance` and `cards` events.
 */
export function onOffers(queryClient: QueryClient, { change, role, offerId }: LiveOffers): void {
  const list = role === 'sender' ? tradeKeys.outgoing() : tradeKeys.incoming();
  const reread =
    change === 'made'
      ? !queryClient.getQueryData<TradeOffer[]>(list)?.some((offer) => offer.id === offerId)
      : withoutOffer(queryClient, list, offerId) === 'was full';
  if (reread) void queryClient.invalidateQueries({ queryKey: list });
  // A negotiation on screen shows each offer's state: any change of an offer may be one of its steps.
  void queryClient.invalidateQueries({ queryKey: tradeKeys.threads() });
  if (change !== 'accepted') return;
  void queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all });
  // An accepted offer on a wish fulfils it.
  void queryClient.invalidateQueries({ queryKey: tradeWishesKey });
}
