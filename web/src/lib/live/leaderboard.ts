import type { QueryClient } from '@tanstack/react-query';

import type { LiveLeaderboard, User } from '@touchline/contract';
import { BOARD_REFRESH_MS, rankShift } from '@touchline/rules';

import { userQueryKey } from '@/lib/data/auth';
import { leaderboardKeys } from '@/lib/data/leaderboard';

const boardRefresh = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Marks the board stale now; an open one reads itself again once, within BOARD_REFRESH_MS. */
function refreshBoardSoon(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all, refetchType: 'none' });
  if (boardRefresh.has(queryClient)) return;
  boardRefresh.set(
    queryClient,
    setTimeout(() => {
      boardRefresh.delete(queryClient);
      void queryClient.refetchQueries({ queryKey: leaderboardKeys.all, type: 'active', stale: true });
    }, BOARD_REFRESH_MS),
  );
}

/**
 * `leaderboard`: collection values moved. The board reads itself again (refreshBoardSoon). Home's
 * rank and the header's totals are the user's, kept without reading the user again (issue 41: a
 * crowd's players read it after every card move of anyone near them): the user's own move brings
 * their count, value and rank as of its change; other players' moves shift the rank by the places
 * they passed (libs/rules' rankShift); only a cut list (a price tick) reads the user again.
 */
export function onLeaderboard(queryClient: QueryClient, event: LiveLeaderboard): void {
  refreshBoardSoon(queryClient);
  const user = queryClient.getQueryData<User | null>(userQueryKey);
  if (!user) return;
  if (event.truncated) {
    void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
    return;
  }
  const own = event.moves.find((move) => move.userId === user.id);
  const shift = own
    ? 0
    : rankShift(event.moves, { userId: user.id, collectionValue: user.collectionValue ?? 0 });
  if (!own && (shift === 0 || user.rank == null)) return;
  queryClient.setQueryData<User | null>(userQueryKey, (shown) => {
    if (!shown) return shown;
    if (own)
      return {
        ...shown,
        cardCount: own.cardCount,
        collectionValue: own.collectionValue,
        rank: own.rank > 0 ? own.rank : null,
      };
    return shown.rank == null ? shown : { ...shown, rank: shown.rank + shift };
  });
}
