import type { QueryClient } from '@tanstack/react-query';

import type { LiveOffers, TradeOffer } from '@touchline/contract';

import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { tradeKeys, tradeWishesKey } from '@/lib/data/trades';

/**
 * One of the user's offers changed state. The list it sits in (Sent for the sender, Incoming for the
 * recipient) holds pending offers only, so an offer that ended leaves it at once; then the list is
 * read again (a new offer, and what the server shows). Coins and cards that moved arrive as their own
 * `balance` and `cards` events.
 */
export function onOffers(queryClient: QueryClient, { change, role, offerId }: LiveOffers): void {
  const list = role === 'sender' ? tradeKeys.outgoing() : tradeKeys.incoming();
  if (change !== 'made')
    queryClient.setQueryData<TradeOffer[]>(list, (offers) => offers?.filter((offer) => offer.id !== offerId));
  void queryClient.invalidateQueries({ queryKey: list });
  // A negotiation on screen shows each offer's state: any change of an offer may be one of its steps.
  void queryClient.invalidateQueries({ queryKey: tradeKeys.threads() });
  if (change !== 'accepted') return;
  void queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all });
  // An accepted offer on a wish fulfils it.
  void queryClient.invalidateQueries({ queryKey: tradeWishesKey });
}
