import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';

import { userQueryKey } from '@/lib/data/auth';
import { leaderboardKeys } from '@/lib/data/leaderboard';
import { dispatchLiveEvent } from '@/lib/live/dispatch';
import { rankMayHaveMoved } from '@/lib/live/leaderboard';
import { createQueryClient } from '@/lib/query-client';

import { makeUser } from './utils';

// Issue 43: the leaderboard's live change. The board refetches; home's rank (the user) only when the
// moves can change it.

let queryClient: QueryClient;
const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const deliver = (
  moves: { userId: number; collectionValue: number; previousValue: number }[],
  truncated = false,
) => dispatchLiveEvent(queryClient, 'leaderboard', JSON.stringify({ moves, truncated }));

beforeEach(() => {
  queryClient = createQueryClient();
  queryClient.setQueryData(userQueryKey, makeUser({ id: 5, collectionValue: 1_000, rank: 2 }));
  queryClient.setQueryData(leaderboardKeys.top(), []);
});

describe('the leaderboard change', () => {
  it('an overtake of the user reads the board and the user again', () => {
    deliver([{ userId: 9, collectionValue: 1_200, previousValue: 800 }]);
    expect(invalidated(leaderboardKeys.top())).toBe(true);
    expect(invalidated(userQueryKey)).toBe(true);
  });

  it('a move that passes no one near the user leaves the user alone (the board still refetches)', () => {
    deliver([{ userId: 9, collectionValue: 700, previousValue: 300 }]);
    expect(invalidated(leaderboardKeys.top())).toBe(true);
    expect(invalidated(userQueryKey)).toBe(false);
  });

  it('a cut list (a price tick) reads the user again', () => {
    deliver([], true);
    expect(invalidated(userQueryKey)).toBe(true);
  });
});

describe('rankMayHaveMoved', () => {
  const me = { userId: 5, value: 1_000 };
  it('counts the user’s own move, a pass either way, and ties by the earlier id', () => {
    const move = (userId: number, previousValue: number, collectionValue: number) => ({
      moves: [{ userId, previousValue, collectionValue }],
      truncated: false,
    });
    expect(rankMayHaveMoved(move(5, 1_000, 1_010), me)).toBe(true);
    expect(rankMayHaveMoved(move(9, 1_500, 900), me)).toBe(true);
    expect(rankMayHaveMoved(move(9, 1_500, 1_200), me)).toBe(false);
    // A tie goes to the lower id: 3 equal to the user is ahead, 9 equal is not.
    expect(rankMayHaveMoved(move(3, 900, 1_000), me)).toBe(true);
    expect(rankMayHaveMoved(move(9, 900, 1_000), me)).toBe(false);
  });
});
