import type { QueryClient } from '@tanstack/react-query';

import { starterPackQuery, userCardsQuery } from '@/lib/data/cards';
import { trendingQuery } from '@/lib/data/market';
import { missionsQuery } from '@/lib/data/missions';
import { incomingTradesQuery } from '@/lib/data/trades';

/**
 * Asks for what home shows (and the bottom navigation's offer count) as soon as the session is known,
 * rather than once home has rendered its placeholders and mounted: the answers then arrive sooner,
 * home renders them in one pass instead of placeholders first, and starting five requests is no
 * longer work of the task that mounts the screen. The hooks find the queries running and wait on them.
 */
export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(userCardsQuery);
  void queryClient.prefetchQuery(starterPackQuery);
  void queryClient.prefetchQuery(trendingQuery);
  void queryClient.prefetchQuery(missionsQuery);
  void queryClient.prefetchQuery(incomingTradesQuery);
}
