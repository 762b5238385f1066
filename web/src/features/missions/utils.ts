import { format, isValid, parseISO } from 'date-fns';

import type { Mission } from '@touchline/contract';

/** Coins in the claim animation (docs/spec/game-spec.md): one per 500 coins of reward, at least 3 and at most 8. */
export function coinBurstCount(reward: number): number {
  return Math.min(8, Math.max(3, Math.floor(reward / 500)));
}

/** How long the coins float, in milliseconds. */
export const COIN_BURST_MS = 2_000;

/** Missions still to do or to claim: the daily ones are 'challenges available today'. */
export function availableCount(missions: Mission[]): number {
  return missions.filter((m) => !m.claimed).length;
}

/** A completed mission's date, 'Unknown date' when missing or unreadable. */
export function completionDate(mission: Pick<Mission, 'completedAt'>): string {
  if (!mission.completedAt) return 'Unknown date';
  const date = parseISO(mission.completedAt);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'Unknown date';
}
