import type { QueryClient } from '@tanstack/react-query';

import type { LiveLeaderboard, User } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';
import { leaderboardKeys } from '@/lib/data/leaderboard';

type Standing = { userId: number; value: number };

/** The board's order (services/leaderboard domain/ranking.ts): higher value first, ties to the lower id. */
const isAhead = (other: Standing, me: Standing) =>
  other.value > me.value || (other.value === me.value && other.userId < me.userId);

/**
 * Whether the moves can change `me`'s rank: my own value moved, or another player passed me one way
 * or the other. Pure, so the rule is tested on its own; a cut list (a price tick) always may.
 */
export function rankMayHaveMoved(event: LiveLeaderboard, me: Standing): boolean {
  if (event.truncated) return true;
  return event.moves.some((move) => {
    if (move.userId === me.userId) return true;
    const before = isAhead({ userId: move.userId, value: move.previousValue }, me);
    const after = isAhead({ userId: move.userId, value: move.collectionValue }, me);
    return before !== after;
  });
}

/**
 * `leaderboard`: collection values moved. An open board reads itself again (an inactive one is only
 * marked stale); home's rank, which is the user's, is read again only when these moves can change it,
 * so a sale between two other players costs every other tab nothing.
 */
export function onLeaderboard(queryClient: QueryClient, event: LiveLeaderboard): void {
  void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
  const user = queryClient.getQueryData<User | null>(userQueryKey);
  if (!user) return;
  if (rankMayHaveMoved(event, { userId: user.id, value: user.collectionValue ?? 0 }))
    void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
}
