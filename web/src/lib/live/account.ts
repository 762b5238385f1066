import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import type { LiveAccount, LiveClosed } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';

/** An admin muted or unmuted the user: the user is read again (the banner and the note fields follow). */
export function onAccount(queryClient: QueryClient, _data: LiveAccount): void {
  void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
}

/**
 * The ban that ended this tab's stream (issue 43): kept here, outside the query cache, so the page
 * can show it at once and keep showing it (the user can no longer be read: every call is 401 now).
 */
let ban: LiveClosed | null = null;
const listeners = new Set<() => void>();

export function showBan(closed: LiveClosed | null): void {
  ban = closed;
  for (const listener of listeners) listener();
}

export const clearBan = (): void => showBan(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ban to show, or null. */
export function useBan(): LiveClosed | null {
  return useSyncExternalStore(
    subscribe,
    () => ban,
    () => null,
  );
}
