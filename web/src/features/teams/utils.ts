import type { Player, Rarity } from '@touchline/contract';
import { RARITIES } from '@/lib/cards';
import { POSITION_GROUPS, positionGroupOf, type PositionGroup } from '@/lib/positions';

/** The number of MLS teams the rosters cover (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const MLS_TEAM_COUNT = 30;

/** Players per position group. */
export function positionDistribution(players: readonly Player[]): Record<PositionGroup, number> {
  const counts = Object.fromEntries(POSITION_GROUPS.map((group) => [group, 0])) as Record<
    PositionGroup,
    number
  >;
  for (const player of players) {
    const group = positionGroupOf(player.position);
    if (group) counts[group] += 1;
  }
  return counts;
}

/** Players per rarity, every rarity present (Common first). */
export function rarityDistribution(players: readonly Player[]): Record<Rarity, number> {
  const counts = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<Rarity, number>;
  for (const player of players) if (player.rarity in counts) counts[player.rarity] += 1;
  return counts;
}
