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
    progress: Math.min(instance.progress, mission.target),
    target: mission.target,
    reward: claim?.reward ?? mission.reward,
    claimed: claim !== undefined,
    completed: instance.completedAt !== null || instance.progress >= mission.target,
    completedAt: iso(instance.completedAt),
    claimedAt: iso(claim?.claimed_at),
    resetsAt: iso(instance.resetsAt),
    periodKey: instance.periodKey,
  };
}
