import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults from the docs/spec/game-spec.md (section 7): results never go stale, no retry and no refetch on
 * window focus. Queries that poll (market status, incoming trades) opt in per query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
