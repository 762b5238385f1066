import type { QueryClient } from '@tanstack/react-query';

import type { LiveMatchday } from '@touchline/contract';

import { matchdayKeys } from '@/lib/data/matchday';

/**
 * `matchday`: a matchday locked or was scored (everyone), or the user's lineup was ranked or rewarded.
 * The matchday screens read themselves again; the reward's coins come by the balance event and its
 * notification by the bell.
 */
export function onMatchday(queryClient: QueryClient, _event: LiveMatchday): void {
  void queryClient.invalidateQueries({ queryKey: matchdayKeys.all });
}
