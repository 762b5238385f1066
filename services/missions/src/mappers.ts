import type { MissionProgress__Output as MissionProgress } from '@touchline/protos/gen/touchline/events/MissionProgress';
import type { Mission } from '@touchline/protos/gen/touchline/missions/Mission';
import type { ClaimRow } from './db/claims';
import type { MissionDefinition } from './domain/definitions';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : '');

/** The spec's Mission (id, description, icon, progress, target, reward, claimed, completed, completedAt) and more. */
export function missionMessage(
  mission: MissionDefinition,
  instance: {
    periodKey: string;
    resetsAt: Date;
    progress: number;
    completedAt: Date | null;
  },
  claim: Pick<ClaimRow, 'claimed_at' | 'reward'> | undefined,
): Mission {
  return {
    id: mission.id,
    period: mission.period,
    description: mission.description,
    icon: mission.icon,
    ...listedProgress(mission, instance),
    target: mission.target,
    reward: claim?.reward ?? mission.reward,
    claimed: claim !== undefined,
    claimedAt: iso(claim?.claimed_at),
    periodKey: instance.periodKey,
  };
}

/**
 * What a list shows of a mission's progress: the Mission's fields above, and the live stream's
 * MissionProgress (use-cases/advance.ts), so that an open list patched from an event shows what a
 * read would.
 */
export function listedProgress(
  mission: MissionDefinition,
  instance: { resetsAt: Date; progress: number; completedAt: Date | null },
): Omit<MissionProgress, 'missionId'> {
  return {
    progress: Math.min(instance.progress, mission.target),
    completed: instance.completedAt !== null || instance.progress >= mission.target,
    completedAt: iso(instance.completedAt),
    resetsAt: iso(instance.resetsAt),
  };
}
