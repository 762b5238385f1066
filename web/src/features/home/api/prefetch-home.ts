import type { QueryClient } from '@tanstack/react-query';

import { starterPackQuery, userCardsQuery } from '@/lib/data/cards';
import { trendingQuery } from '@/lib/data/market';
import { currentMatchdayQuery } from '@/lib/data/matchday';
import { missionsQuery } from '@/lib/data/missions';
import { unopenedPacksQuery } from '@/lib/data/pack-reveal';
import { packsQuery } from '@/lib/data/shop';
import { incomingTradesQuery } from '@/lib/data/trades';

/**
 * Asks for what home shows (and the bottom navigation's offer count) as soon as the session is known,
 * rather than once home has rendered its placeholders and mounted: the answers then arrive sooner,
 * home renders them in one pass instead of placeholders first, and starting five requests is no
 * longer work of the task that mounts the screen. The hooks find the queries running and wait on them.
 * The packs, unopened packs and matchday feed the first screen's cards (the first-pack card's line,
 * Lighthouse's largest paint on a new player's home, was drawn again once /api/packs, asked for
 * only once home had mounted, answered); the packs are asked for even when that card is not shown,
 * so that the page's preload of them is always used.
 */
export function prefetchHome(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(userCardsQuery);
  void queryClient.prefetchQuery(starterPackQuery);
  void queryClient.prefetchQuery(trendingQuery);
  void queryClient.prefetchQuery(missionsQuery);
  void queryClient.prefetchQuery(incomingTradesQuery);
  void queryClient.prefetchQuery(packsQuery);
  void queryClient.prefetchQuery(unopenedPacksQuery);
  void queryClient.prefetchQuery(currentMatchdayQuery);
}
