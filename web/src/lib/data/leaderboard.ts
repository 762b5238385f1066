import { useQuery } from '@tanstack/react-query';

import { api } from '@touchline/contract';

import { call } from '@/lib/api';

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  top: () => [...leaderboardKeys.all, 'top'] as const,
};

export const getLeaderboard = (signal?: AbortSignal) => call(api.leaderboard.top, { signal });

/** The top 100 collectors by collection value. */
export function useLeaderboard() {
  return useQuery({ queryKey: leaderboardKeys.top(), queryFn: ({ signal }) => getLeaderboard(signal) });
}
