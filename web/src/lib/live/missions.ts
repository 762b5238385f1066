import type { QueryClient } from '@tanstack/react-query';

import type { LiveBadges, LiveMissions } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';
import { missionKeys } from '@/lib/data/missions';

/** Mission progress moved, one completed or was claimed: the mission lists are read again. */
export function onMissions(queryClient: QueryClient, { change }: LiveMissions): void {
  void queryClient.invalidateQueries({ queryKey: missionKeys.lists() });
  if (change === 'claimed') void queryClient.invalidateQueries({ queryKey: missionKeys.completed() });
}

/** A badge was earned: the user (latest badge and the badge list) and the missions screen's badges. */
export function onBadges(queryClient: QueryClient, _data: LiveBadges): void {
  void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: missionKeys.badges() });
}
