import type { MissionLists } from '@touchline/contract';

/** Missions whose reward waits to be claimed: done (progress at the target) and not claimed yet. */
export function claimableCount({ daily, weekly }: MissionLists): number {
  return [...daily, ...weekly].filter((mission) => mission.progress >= mission.target && !mission.claimed)
    .length;
}
