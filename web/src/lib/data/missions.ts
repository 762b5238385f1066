import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type Mission, type MissionLists } from '@touchline/contract';

import { call } from '@/lib/api';
import { refreshCoins } from '@/lib/data/coins';
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

/**
 * Claims a reward: the balance shows the new coins at once, then the missions, the completed list and
 * the user (coins, badges) are refetched. A claim the wallet has not paid yet is asked again with its
 * key until it is.
 */
export function useClaimMission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: ClaimMissionVariables) =>
      untilSettled(() => claimMission(id, idempotencyKey)),
    onSuccess: (result) => {
      void refreshCoins(queryClient, result.coins);
      void queryClient.invalidateQueries({ queryKey: missionKeys.all });
    },
  });
}
