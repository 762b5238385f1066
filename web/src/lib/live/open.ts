import type { QueryClient } from '@tanstack/react-query';

/** Per app (query client): whether its live stream is open now. */
const open = new WeakMap<QueryClient, boolean>();

export function setLiveOpen(queryClient: QueryClient, isOpen: boolean): void {
  open.set(queryClient, isOpen);
}

/**
 * Whether the app's live stream is open now. While it is, a change the user makes comes back as the
 * events of that change (`balance` with the coins, `cards`, `market`), which update or refetch what
 * they touch (dispatch.ts): a mutation need not ask for the same again. Events missed while it was
 * down are made up for when it opens (every shown query is read again: sync.ts).
 */
export function isLiveOpen(queryClient: QueryClient): boolean {
  return open.get(queryClient) === true;
}
