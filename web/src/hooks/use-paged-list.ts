import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

import type { Page } from '@touchline/contract';

import type { Pages } from '@/lib/data/pages';

export interface PagedListOptions<P extends Page<unknown>, K extends QueryKey> {
  queryKey: K;
  /** One page: the first without a cursor, then each page's nextCursor. */
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<P>;
  enabled?: boolean;
  /** Keeps the previous list shown while another key (a new filter) loads its first page. */
  keepPrevious?: boolean;
  staleTime?: number;
}

/**
 * Every list the API pages (issue 42: `cursor` and `limit` in, `{ items, nextCursor }` out) as one
 * kind of infinite query, so that the market, the catalog, the notifications, the trade histories
 * and the admin's tables load, refresh and load more alike.
 */
export function usePagedList<P extends Page<unknown>, K extends QueryKey>({
  queryKey,
  fetchPage,
  enabled,
  keepPrevious,
  staleTime,
}: PagedListOptions<P, K>) {
  return useInfiniteQuery<P, Error, Pages<P>, K, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    ...(enabled === undefined ? {} : { enabled }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
