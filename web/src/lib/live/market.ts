import type { QueryClient } from '@tanstack/react-query';

import type { LiveMarket, LiveMarketStatus, MarketItem, MarketStatus } from '@touchline/contract';

import { marketKeys } from '@/lib/data/market';

/** Whether a cached market item is the one the event names: a user's listing, or the market's own card. */
const isEventItem = (item: MarketItem, event: LiveMarket) =>
  event.listingId !== 0 ? item.listingId === event.listingId : item.userId === 0 && item.id === event.cardId;

/**
 * `market`: a listing was added, withdrawn or sold. A listing gone leaves every cached page of the
 * market at once; a listing that must appear (a new one, or the market's next edition of a player
 * after a direct buy) is not in the event whole, so the lists refetch.
 */
export function onMarket(queryClient: QueryClient, event: LiveMarket): void {
  if (event.change !== 'listed') {
    for (const [queryKey, items] of queryClient.getQueriesData<MarketItem[]>({
      queryKey: marketKeys.listings(),
    })) {
      if (!Array.isArray(items)) continue;
      const left = items.filter((item) => !isEventItem(item, event));
      if (left.length !== items.length) queryClient.setQueryData<MarketItem[]>(queryKey, left);
    }
  }
  if (event.change === 'listed' || (event.change === 'sold' && event.listingId === 0))
    void queryClient.invalidateQueries({ queryKey: marketKeys.listings() });
}

/**
 * `market-status`: the market opened or closed. Buttons follow `isOpen` at once; the status is then
 * read again for its next-event text ('Closes today 4:00 PM ET'), which only the server words.
 */
export function onMarketStatus(queryClient: QueryClient, { isOpen }: LiveMarketStatus): void {
  queryClient.setQueryData<MarketStatus>(marketKeys.status(), (status) =>
    status && status.isOpen !== isOpen ? { ...status, isOpen } : status,
  );
  void queryClient.invalidateQueries({ queryKey: marketKeys.status() });
}
