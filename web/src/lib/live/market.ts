import type { QueryClient } from '@tanstack/react-query';

import {
  SHARED_ANSWER_MAX_STALE_MS,
  type LiveMarket,
  type LiveMarketStatus,
  type MarketItem,
  type MarketPage,
  type MarketStatus,
} from '@touchline/contract';

import { marketKeys } from '@/lib/data/market';
import { isPages, patchPages } from '@/lib/data/pages';

/** Whether a cached market item is the one the event names: a user's listing, or the market's own card. */
const isEventItem = (item: MarketItem, event: LiveMarket) =>
  event.listingId !== 0 ? item.listingId === event.listingId : item.userId === 0 && item.id === event.cardId;

/** The items without the event's, or the items themselves when it is not among them. */
function without(items: readonly MarketItem[], event: LiveMarket): MarketItem[] {
  const left = items.filter((item) => !isEventItem(item, event));
  return left.length === items.length ? (items as MarketItem[]) : left;
}

/**
 * `market`: a listing was added, withdrawn or sold. A listing gone leaves every cached list of the
 * market at once (every loaded page of every filter, whose count drops by one); a listing that must
 * appear (a new one, or the market's next edition of a player after a direct buy) is not in the
 * event whole, so the lists refetch.
 */
export function onMarket(queryClient: QueryClient, event: LiveMarket): void {
  if (event.change !== 'listed') {
    for (const [queryKey, data] of queryClient.getQueriesData<unknown>({ queryKey: marketKeys.listings() })) {
      const next = Array.isArray(data)
        ? without(data as MarketItem[], event)
        : isPages(data)
          ? patchPages<MarketItem, MarketPage>(data as never, (items) => without(items, event))
          : data;
      if (next !== data) queryClient.setQueryData(queryKey, next);
    }
  }
  if (event.change === 'listed' || (event.change === 'sold' && event.listingId === 0)) {
    void queryClient.invalidateQueries({ queryKey: marketKeys.listings() });
    refetchAfterCoalescing(queryClient);
  }
}

const trailing = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * Once more when the gateway's answer is sure to be rebuilt: the refetch right after the event may
 * get the answer built just before it (SHARED_ANSWER_COALESCE_MS, SHARED_ANSWER_MAX_STALE_MS). One timer per burst of events;
 * with the ETag an unchanged list costs a 304.
 */
function refetchAfterCoalescing(queryClient: QueryClient): void {
  if (trailing.has(queryClient)) return;
  trailing.set(
    queryClient,
    setTimeout(() => {
      trailing.delete(queryClient);
      void queryClient.invalidateQueries({ queryKey: marketKeys.listings() });
    }, SHARED_ANSWER_MAX_STALE_MS + 250),
  );
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
