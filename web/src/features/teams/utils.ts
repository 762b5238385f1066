import type { Player, Rarity } from '@touchline/contract';
import { RARITIES } from '@/lib/cards';

/** The number of MLS teams the rosters cover (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const MLS_TEAM_COUNT = 30;

export const ROSTER_TABS = ['All', 'GK', 'DEF', 'MID', 'FWD'] as const;
export type RosterTab = (typeof ROSTER_TABS)[number];

const TAB_WORDS: Record<Exclude<RosterTab, 'All'>, string> = {
  GK: 'goalkeeper',
  DEF: 'defender',
  MID: 'midfielder',
  FWD: 'forward',
};

export function matchesRosterTab(position: string, tab: RosterTab): boolean {
  return tab === 'All' || position.toLowerCase().includes(TAB_WORDS[tab]);
}

export const POSITION_GROUPS = ['Goalkeepers', 'Defenders', 'Midfielders', 'Forwards'] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];

const GROUP_WORDS: Record<PositionGroup, string> = {
  Goalkeepers: 'goalkeeper',
  Defenders: 'defender',
  Midfielders: 'midfielder',
  Forwards: 'forward',
};

/** Players per position group. */
export function positionDistribution(players: readonly Player[]): Record<PositionGroup, number> {
  const counts = { Goalkeepers: 0, Defenders: 0, Midfielders: 0, Forwards: 0 };
  for (const player of players) {
    const text = player.position.toLowerCase();
    for (const group of POSITION_GROUPS) {
      if (text.includes(GROUP_WORDS[group])) {
        counts[group] += 1;
        break;
      }
    }
  }
  return counts;
}

/** Players per rarity, every rarity present (Common first). */
export function rarityDistribution(players: readonly Player[]): Record<Rarity, number> {
  const counts = Object.fromEntries(RARITIES.map((rarity) => [rarity, 0])) as Record<Rarity, number>;
  for (const player of players) if (player.rarity in counts) counts[player.rarity] += 1;
  return counts;
}
