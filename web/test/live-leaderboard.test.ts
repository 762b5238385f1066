import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { User } from '@touchline/contract';
import { BOARD_REFRESH_MS } from '@touchline/rules';

import { userQueryKey } from '@/lib/data/auth';
import { leaderboardKeys } from '@/lib/data/leaderboard';
import { dispatchLiveEvent } from '@/lib/live/dispatch';
import { createQueryClient } from '@/lib/query-client';

import { makeUser } from './utils';

// Issue 43: the leaderboard's live change: the board and home's rank follow. Issue 41: without
// reading the user again: the user's own move carries its totals and rank, other players' passes
// shift the rank, and an open board reads itself at most once per BOARD_REFRESH_MS.

let queryClient: QueryClient;
const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const user = () => queryClient.getQueryData<User>(userQueryKey)!;
type Move = {
  userId: number;
  collectionValue: number;
  previousValue: number;
  cardCount?: number;
  rank?: number;
};
const deliver = (moves: Move[], truncated = false) =>
  dispatchLiveEvent(
    queryClient,
    'leaderboard',
    JSON.stringify({ moves: moves.map((m) => ({ cardCount: 1, rank: 0, ...m })), truncated }),
  );

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = createQueryClient();
  queryClient.setQueryData(userQueryKey, makeUser({ id: 5, collectionValue: 1_000, cardCount: 10, rank: 2 }));
  queryClient.setQueryData(leaderboardKeys.top(), []);
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('the leaderboard change', () => {
  it('an overtake of the user moves their rank down a place, without reading the user again', () => {
    deliver([{ userId: 9, collectionValue: 1_200, previousValue: 800 }]);
    expect(user().rank).toBe(3);
    expect(invalidated(userQueryKey)).toBe(false);
    deliver([{ userId: 9, collectionValue: 900, previousValue: 1_200 }]);
    expect(user().rank).toBe(2);
  });

  it('a move that passes no one near the user leaves the user alone', () => {
    const before = user();
    deliver([{ userId: 9, collectionValue: 700, previousValue: 300 }]);
    expect(user()).toBe(before);
    expect(invalidated(userQueryKey)).toBe(false);
  });

  it('the user’s own move shows its count, value and rank as of its change', () => {
    deliver([
      { userId: 5, collectionValue: 1_400, previousValue: 1_000, cardCount: 12, rank: 1 },
      { userId: 9, collectionValue: 1_200, previousValue: 800 },
    ]);
    expect(invalidated(userQueryKey)).toBe(false);
    expect(user()).toMatchObject({ cardCount: 12, collectionValue: 1_400, rank: 1 });
  });

  it('an own move off the board (rank 0) shows no rank, and later passes leave it so', () => {
    deliver([{ userId: 5, collectionValue: 0, previousValue: 1_000, cardCount: 0, rank: 0 }]);
    expect(user()).toMatchObject({ cardCount: 0, collectionValue: 0, rank: null });
    deliver([{ userId: 9, collectionValue: 1_200, previousValue: 0 }]);
    expect(user().rank).toBeNull();
  });

  it('a cut list (a price tick) reads the user again, and trusts no move in it', () => {
    deliver([{ userId: 5, collectionValue: 1_400, previousValue: 1_000, cardCount: 12, rank: 0 }], true);
    expect(invalidated(userQueryKey)).toBe(true);
    expect(user()).toMatchObject({ collectionValue: 1_000, rank: 2 });
  });

  it('the board is marked stale at once and an open one reads itself once per BOARD_REFRESH_MS', async () => {
    const fetches = vi.fn().mockResolvedValue([]);
    const board = new QueryObserver(queryClient, { queryKey: leaderboardKeys.top(), queryFn: fetches });
    const unsubscribe = board.subscribe(() => undefined);
    for (let i = 0; i < 5; i++) deliver([{ userId: 9, collectionValue: 700 + i, previousValue: 699 + i }]);
    expect(invalidated(leaderboardKeys.top())).toBe(true);
    expect(fetches).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BOARD_REFRESH_MS);
    expect(fetches).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
