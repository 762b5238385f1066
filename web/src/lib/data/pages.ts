import type { InfiniteData } from '@tanstack/react-query';

import type { CountedPage, Page } from '@touchline/contract';

/**
 * The server's paged lists as react-query's infinite queries (hooks/use-paged-list.ts): each page is
 * `{ items, nextCursor }` (and `total` for the lists the gateway holds whole), the page param is the
 * cursor (null for the first page).
 */
export type Pages<P extends Page<unknown>> = InfiniteData<P, string | null>;

/** A list answer as a page: the spec's whole array (an older gateway, a test's fixture) is one last page. */
export function asPage<T, P extends Page<T>>(answer: T[] | P): P | CountedPage<T> {
  return Array.isArray(answer) ? { items: answer, nextCursor: null, total: answer.length } : answer;
}

/**
 * Every item of the pages loaded, each once: an item whose sort key moved between two pages (a price
 * tick) can come in both; the later copy is the fresher one, at the place of the first.
 */
export function itemsOf<T>(pages: Pages<Page<T>> | undefined, idOf: (item: T) => number): T[] {
  if (!pages) return [];
  const byId = new Map<number, T>();
  for (const page of pages.pages) for (const item of page.items) byId.set(idOf(item), item);
  return [...byId.values()];
}

/** The list's size now, as the newest page says it. */
export const totalOf = (pages: Pages<CountedPage<unknown>> | undefined) =>
  pages?.pages[pages.pages.length - 1]?.total ?? 0;

/** Whether cached data is pages (a key's prefix can also cover an answer of another shape). */
export const isPages = (data: unknown): data is Pages<Page<unknown>> =>
  typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);

/**
 * Patches every page's items, keeping the pages, and each page, that did not change: react-query
 * then keeps the same object and nothing re-renders for a change that missed them. Items taken out
 * (a listing sold) leave every page's total, where pages have one, smaller by as many.
 */
export function patchPages<T, P extends Page<T> & { total?: number }>(
  data: Pages<P>,
  patch: (items: readonly T[]) => T[],
): Pages<P> {
  let removed = 0;
  const patched = data.pages.map((page) => {
    const items = patch(page.items);
    removed += page.items.length - items.length;
    return items;
  });
  if (patched.every((items, index) => items === data.pages[index]!.items)) return data;
  const pages = data.pages.map((page, index) => {
    const items = patched[index]!;
    if (items === page.items && removed === 0) return page;
    return page.total === undefined
      ? { ...page, items }
      : { ...page, items, total: Math.max(0, page.total - removed) };
  });
  return { ...data, pages };
}
