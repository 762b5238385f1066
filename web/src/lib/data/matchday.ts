import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type HistoryPage, type LineupBody, type MatchdayView } from '@touchline/contract';

import { usePagedList } from '@/hooks/use-paged-list';
import { call } from '@/lib/api';
import { cardKeys } from '@/lib/data/cards';

/** Matchdays and lineups (docs/features.md, "Matchdays"). */
export const matchdayKeys = {
  all: ['matchday'] as const,
  current: () => [...matchdayKeys.all, 'current'] as const,
  standings: () => [...matchdayKeys.all, 'standings'] as const,
  history: () => [...matchdayKeys.all, 'history'] as const,
};

/** The matchday open for lineups, the user's lineup in it and the server's time (for the countdown). */
export const currentMatchdayQuery = queryOptions({
  queryKey: matchdayKeys.current(),
  queryFn: ({ signal }) => call(api.matchday.current, { signal }),
});

export function useCurrentMatchday() {
  return useQuery(currentMatchdayQuery);
}

/** The latest scored matchday's best lineups and the user's own place. */
export function useLatestStandings() {
  return useQuery({
    queryKey: matchdayKeys.standings(),
    queryFn: ({ signal }) => call(api.matchday.standings, { signal }),
  });
}

/** The user's lineups, newest matchday first, a page at a time. */
export function useLineupHistory() {
  return usePagedList({
    queryKey: matchdayKeys.history(),
    fetchPage: (cursor, signal): Promise<HistoryPage> =>
      call(api.matchday.history, { query: cursor ? { cursor } : {}, signal }),
  });
}

export interface SetLineupVariables {
  matchdayId: number;
  body: LineupBody;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
}

/**
 * Fields the lineup: the answer replaces the matchday's view at once; the user's cards are read again
 * (fielded cards are held until kickoff, the ones left out are free again).
 */
export function useSetLineup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchdayId, body, idempotencyKey }: SetLineupVariables) =>
      call(api.matchday.setLineup, { params: { id: matchdayId }, body, idempotencyKey }),
    onSuccess: (saved) => {
      queryClient.setQueryData<MatchdayView>(matchdayKeys.current(), (view) =>
        view && view.matchday.id === saved.matchday.id ? { ...view, ...saved } : view,
      );
      void queryClient.invalidateQueries({ queryKey: cardKeys.userCards() });
    },
  });
}
