import type { QueryClient } from '@tanstack/react-query';

import type { LiveOffers } from '@touchline/contract';

import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { tradeKeys, tradeWishesKey } from '@/lib/data/trades';

/**
 * One of the user's offers changed state: the list it sits in (Sent for the sender, Incoming for the
 * recipient) is read again. Coins and cards that moved arrive as their own `balance` and `cards` events.
 */
export function onOffers(queryClient: QueryClient, { change, role }: LiveOffers): void {
  void queryClient.invalidateQueries({
    queryKey: role === 'sender' ? tradeKeys.outgoing() : tradeKeys.incoming(),
  });
  if (change !== 'accepted') return;
  void queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all });
  // An accepted offer on a wish fulfils it.
  void queryClient.invalidateQueries({ queryKey: tradeWishesKey });
}
