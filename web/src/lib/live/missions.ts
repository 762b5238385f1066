import type { QueryClient } from '@tanstack/react-query';

import type { Badge, LiveBadges, LiveMissions, Mission, MissionLists, User } from '@touchline/contract';
import { completedShowsClaim, missionListsAfter } from '@touchline/rules';

import { userQueryKey } from '@/lib/data/auth';
import { missionKeys } from '@/lib/data/missions';

/**
 * Mission progress moved, one completed or was claimed. The event carries the moved missions, so
 * cached lists take them (missionListsAfter) and are read again only when they cannot show the change
 * (another period, a claim made in another tab) or while a read of them is in flight (its answer
 * could be from before the change). A claim adds to the Completed tab, which is read again unless the
 * claimer's own answer put it there (completedShowsClaim).
 */
export function onMissions(queryClient: QueryClient, event: LiveMissions): void {
  const key = missionKeys.lists();
  const reading = queryClient.isFetching({ queryKey: key }) > 0;
  const after = reading ? undefined : missionListsAfter(queryClient.getQueryData<MissionLists>(key), event);
  if (after) queryClient.setQueryData<MissionLists>(key, after);
  else void queryClient.invalidateQueries({ queryKey: key });
  if (event.change !== 'claimed') return;
  const completed = queryClient.getQueryData<Mission[]>(missionKeys.completed());
  if (!completedShowsClaim(completed, after, event.missionId))
    void queryClient.invalidateQueries({ queryKey: missionKeys.completed() });
}

/**
 * A badge was earned: the event carries it, so the user's badges (newest first, the latest one
 * named as the user's badge) take it without a read (issue 41: each badge read the whole user, five
 * services, again). The Achievements screen's list, which shows progress too, is read again when
 * on show.
 */
export function onBadges(queryClient: QueryClient, { badgeId: _id, ...badge }: LiveBadges): void {
  queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? withBadge(user, badge) : user));
  void queryClient.invalidateQueries({ queryKey: missionKeys.badges() });
}

/** The user with one more badge; a badge it lists already (the event came twice) changes nothing. */
export function withBadge(user: User, badge: Badge): User {
  if (user.badges.some((earned) => earned.name === badge.name)) return user;
  // Newest first, as missions lists them; a badge earned in the same instant keeps its place.
  const badges = [...user.badges, badge].sort((a, b) => Date.parse(b.earnedAt) - Date.parse(a.earnedAt));
  return { ...user, badges, badge: badges[0]!.name };
}
