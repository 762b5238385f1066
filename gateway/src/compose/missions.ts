import type { Badge, BadgeDefinition, Mission } from '@touchline/contract';
import type { Badge__Output } from '@touchline/protos/gen/touchline/missions/Badge';
import type { Mission__Output } from '@touchline/protos/gen/touchline/missions/Mission';

const timeOrNull = (iso: string) => (iso ? iso : null);

/** The contract's Mission from the missions service's (empty times become null). */
export function missionJson(mission: Mission__Output): Mission {
  return {
    id: mission.id,
    period: mission.period === 'weekly' ? 'weekly' : 'daily',
    description: mission.description,
    icon: mission.icon,
    progress: mission.progress,
    target: mission.target,
    reward: mission.reward,
    claimed: mission.claimed,
    completed: mission.completed,
    completedAt: timeOrNull(mission.completedAt),
    claimedAt: timeOrNull(mission.claimedAt),
    resetsAt: mission.resetsAt,
  };
}

export function badgeJson(badge: Badge__Output): Badge {
  return { name: badge.name, description: badge.description, icon: badge.icon, earnedAt: badge.earnedAt };
}

export function badgeDefinitionJson(badge: Badge__Output): BadgeDefinition {
  return {
    name: badge.name,
    description: badge.description,
    icon: badge.icon,
    howToEarn: badge.howToEarn,
    progress: badge.threshold > 0 ? { current: badge.progress, target: badge.threshold } : null,
  };
}
