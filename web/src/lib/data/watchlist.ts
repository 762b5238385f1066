import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type PriceAlertBody, type WatchlistEntry } from '@touchline/contract';

import { call } from '@/lib/api';
import { useUser } from '@/lib/data/auth';

/** The watchlist (stars and price alerts) of docs/features.md: one query, the stars and /watchlist share it. */
export const watchlistKeys = {
  all: ['watchlist'] as const,
};

export const getWatchlist = (signal?: AbortSignal) => call(api.watchlist.list, { signal });

/**
 * The user's watched players with their live prices and alerts. Prices move with the live stream's
 * ticks (lib/live/prices.ts patches them); a fired alert arrives as a notification, which reads it again.
 */
export function useWatchlist() {
  const { data: user } = useUser();
  return useQuery({
    queryKey: watchlistKeys.all,
    queryFn: ({ signal }) => getWatchlist(signal),
    enabled: Boolean(user),
  });
}

/** Whether the player is starred (false while the list loads or failed). */
export function useIsWatched(playerId: number): boolean {
  return useWatchlist().data?.some((entry) => entry.player.id === playerId) ?? false;
}

function useWatchlistMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}

/** Stars or unstars a player: PUT and DELETE are idempotent, so a retry is safe. */
export function useToggleWatch() {
  const queryClient = useQueryClient();
  return useWatchlistMutation(async ({ playerId, watch }: { playerId: number; watch: boolean }) => {
    if (watch) {
      const entry = await call(api.watchlist.watch, { params: { playerId }, body: {} });
      queryClient.setQueryData<WatchlistEntry[]>(watchlistKeys.all, (list) =>
        list && !list.some((e) => e.player.id === playerId) ? [entry, ...list] : list,
      );
    } else {
      await call(api.watchlist.unwatch, { params: { playerId } });
      queryClient.setQueryData<WatchlistEntry[]>(watchlistKeys.all, (list) =>
        list?.filter((e) => e.player.id !== playerId),
      );
    }
  });
}

/** Sets a price alert; the same alert again answers the existing one. */
export function useSetPriceAlert() {
  return useWatchlistMutation(({ playerId, alert }: { playerId: number; alert: PriceAlertBody }) =>
    call(api.watchlist.setAlert, { params: { playerId }, body: alert }),
  );
}

export function useRemovePriceAlert() {
  return useWatchlistMutation(({ playerId, alertId }: { playerId: number; alertId: number }) =>
    call(api.watchlist.removeAlert, { params: { playerId, alertId } }),
  );
}
