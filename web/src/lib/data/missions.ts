import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api, type ClaimResult, type Mission, type MissionLists } from '@touchline/contract';
import { withClaimedMission, withMission } from '@touchline/rules';

import { call } from '@/lib/api';
import { refreshCoins } from '@/lib/data/coins';
import { isLiveOpen } from '@/lib/live/open';
import { untilSettled } from '@/lib/pending';

export const missionKeys = {
  all: ['missions'] as const,
  lists: () => [...missionKeys.all, 'lists'] as const,
  completed: () => [...missionKeys.all, 'completed'] as const,
  badges: () => [...missionKeys.all, 'badges'] as const,
};

export const getMissions = (signal?: AbortSignal) => call(api.missions.list, { signal });
export const getCompletedMissions = (signal?: AbortSignal) => call(api.missions.completed, { signal });

/** Claims a finished mission's reward; the key makes a retried claim pay once. */
export const claimMission = (id: number, idempotencyKey: string) =>
  call(api.missions.claim, { params: { id }, body: {}, idempotencyKey });

export const missionsQuery = queryOptions({
  queryKey: missionKeys.lists(),
  queryFn: ({ signal }) => getMissions(signal),
});

/** This period's daily and weekly missions with the user's progress. */
export function useMissions() {
  return useQuery({ ...missionsQuery, select: readyFirst });
}

const ready = (mission: Mission) => mission.completed && !mission.claimed;

/**
 * Missions ready to claim first, then the rest in the server's order (stable). A module-level
 * function, so react-query runs it again only when the answer changes.
 */
export function readyFirst(answer: MissionLists): MissionLists {
  const order = (missions: Mission[]) => [...missions.filter(ready), ...missions.filter((m) => !ready(m))];
  return { ...answer, daily: order(answer.daily), weekly: order(answer.weekly) };
}

/** Claimed missions, newest first. */
export function useCompletedMissions() {
  return useQuery({
    queryKey: missionKeys.completed(),
    queryFn: ({ signal }) => getCompletedMissions(signal),
  });
}

/** Every badge that can be earned, with what earns it (the same list for everyone). */
export function useBadgeCatalogue() {
  return useQuery({
    queryKey: missionKeys.badges(),
    queryFn: ({ signal }) => call(api.missions.badges, { signal }),
  });
}

export interface ClaimMissionVariables {
  id: number;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
}

/** Claims a mission's reward (refreshAfterClaim), asked again with its key until the wallet has paid it. */
export function useClaimMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: ClaimMissionVariables) =>
      untilSettled(() => claimMission(id, idempotencyKey)),
    onSuccess: (result) => {
      void refreshAfterClaim(queryClient, result);
    },
  });
}

/**
 * After a claim: the balance shows the new coins at once and the claimed mission shows claimed, in
 * the lists and on the Completed tab. With the live stream open its events bring the rest (its
 * `missions` change then finds the claim shown and reads nothing, a `badges` change adds the badge:
 * live/missions.ts), so nothing is asked twice; otherwise the missions, the completed list, the
 * badges' progress and the user (coins, badges) are refetched.
 */
export function refreshAfterClaim(queryClient: QueryClient, result: ClaimResult): Promise<unknown> {
  void refreshCoins(queryClient, result.coins);
  if (isLiveOpen(queryClient)) {
    queryClient.setQueryData<MissionLists>(missionKeys.lists(), (lists) =>
      lists ? withMission(lists, result.mission) : lists,
    );
    queryClient.setQueryData<Mission[]>(missionKeys.completed(), (completed) =>
      completed ? withClaimedMission(completed, result.mission) : completed,
    );
    return Promise.resolve();
  }
  return queryClient.invalidateQueries({ queryKey: missionKeys.all });
}
