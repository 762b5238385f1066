import type { QueryClient } from '@tanstack/react-query';

import type { LiveResync } from '@touchline/contract';

import { coinKeys } from '@/lib/data/coins';

/**
 * Events may have been missed (the stream was down, or the server's own link was): every query is
 * marked stale and those on screen are read again. Coin queries are left alone: they stand for actions
 * (a payment intent, a payment's confirmation), not for state the stream reports.
 */
export function refetchShown(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== coinKeys.all[0] });
}

export function onResync(queryClient: QueryClient, _data: LiveResync): void {
  void refetchShown(queryClient);
}
