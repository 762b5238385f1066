import type { QueryClient, QueryFilters } from '@tanstack/react-query';

import type { Card, LivePrices, Page, PriceHistory, User, WatchlistEntry } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { ownListingKeys } from '@/lib/data/own-listings';
import { marketKeys } from '@/lib/data/market';
import { watchlistKeys } from '@/lib/data/watchlist';
import { isPages, patchPages, type Pages } from '@/lib/data/pages';

import { recordTick } from './last-tick';
import {
  appendHistoryPoint,
  patchCards,
  patchCatalog,
  patchCollectionValue,
  patchMarketItems,
  patchPlayers,
  patchWatchlist,
  priceMap,
  type PriceMap,
} from './price-patches';

/** Patches every cached query the filters match (every filter of a list, every team) that holds data. */
function patchAll<T>(queryClient: QueryClient, filters: QueryFilters, patch: (data: T) => T): void {
  for (const [queryKey, data] of queryClient.getQueriesData<T>(filters)) {
    if (data === undefined) continue;
    const next = patch(data);
    if (next !== data) queryClient.setQueryData<T>(queryKey, next);
  }
}

/**
 * A list patch for a cached list or for the pages of a paged one (the market, the catalog); any other
 * shape is left alone: a key's prefix can also cover a cached answer of another shape.
 */
const lists =
  <T>(patch: (list: readonly T[], prices: PriceMap) => T[], prices: PriceMap) =>
  <D>(data: D): D => {
    if (Array.isArray(data)) return patch(data as T[], prices) as D;
    if (isPages(data))
      return patchPages<T, Page<T>>(data as Pages<Page<T>>, (items) => patch(items, prices)) as D;
    return data;
  };

/**
 * `prices`: a tick moved these players' prices. Every cached answer that shows a price is patched in
 * place (the market's listings and the catalog in each of their loaded pages, the stock market under every filter, trending, the catalog, rosters,
 * the user's cards and collection value, each cached price history gains the tick's point), so the
 * screens move without refetching lists of every player.
 */
export function onPrices(queryClient: QueryClient, tick: LivePrices): void {
  recordTick(tick.at);
  if (tick.prices.length === 0) return;
  const prices = priceMap(tick.prices);

  // Before the cards are patched: the value moves by what each owned card's price moved.
  const ownCards = queryClient.getQueryData<Card[]>(cardKeys.userCards());
  if (ownCards) {
    const user = queryClient.getQueryData<User | null>(userQueryKey);
    if (user) {
      const next = patchCollectionValue(user, ownCards, prices);
      if (next !== user) queryClient.setQueryData<User | null>(userQueryKey, next);
    }
  }

  const players = lists(patchPlayers, prices);
  patchAll(queryClient, { queryKey: marketKeys.listings() }, lists(patchMarketItems, prices));
  // My listings show the market price now: read again while shown.
  void queryClient.invalidateQueries({ queryKey: ownListingKeys.all });
  patchAll(queryClient, { queryKey: marketKeys.players() }, players);
  patchAll(queryClient, { queryKey: marketKeys.trending() }, players);
  patchAll(queryClient, { queryKey: cardKeys.rosters() }, players);
  patchAll<WatchlistEntry[]>(queryClient, { queryKey: watchlistKeys.all }, (entries) =>
    Array.isArray(entries) ? patchWatchlist(entries, prices) : entries,
  );
  patchAll(queryClient, { queryKey: cardKeys.catalog() }, lists(patchCatalog, prices));
  patchAll(queryClient, { queryKey: cardKeys.userCards() }, lists(patchCards<Card>, prices));
  patchAll(queryClient, { queryKey: cardKeys.starterPack() }, lists(patchCards<Card>, prices));
  patchAll<PriceHistory>(queryClient, { queryKey: marketKeys.histories() }, (history) =>
    Array.isArray(history.points) ? appendHistoryPoint(history, prices, tick.at) : history,
  );
}
