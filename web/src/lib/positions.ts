import type { Player, Position } from '@touchline/contract';

/**
 * The one table of the four positions and every name the pages give them: the API's position, the
 * word a position text contains ("Central Midfielder"), the short label (roster tabs, compact cards)
 * and the group (chips, distributions). Goal outwards, the order the texts are tried in: a text
 * naming two positions counts as the first.
 */
const POSITION_NAMES = [
  { position: 'Goalkeeper', word: 'goalkeeper', short: 'GK', group: 'Goalkeepers' },
  { position: 'Defender', word: 'defender', short: 'DEF', group: 'Defenders' },
  { position: 'Midfielder', word: 'midfielder', short: 'MID', group: 'Midfielders' },
  { position: 'Forward', word: 'forward', short: 'FWD', group: 'Forwards' },
] as const satisfies readonly { position: Position; word: string; short: string; group: string }[];

type PositionNames = (typeof POSITION_NAMES)[number];
export type PositionShort = PositionNames['short'];
export type PositionGroup = PositionNames['group'];

/** The groups goal outwards, as distributions list them. */
export const POSITION_GROUPS: readonly PositionGroup[] = POSITION_NAMES.map((p) => p.group);

/** The filter chips, attack first as the market lists them. */
export const POSITION_FILTERS = [
  'All',
  'Forwards',
  'Midfielders',
  'Defenders',
  'Goalkeepers',
] as const satisfies readonly ('All' | PositionGroup)[];
export type PositionFilter = (typeof POSITION_FILTERS)[number];

export const ROSTER_TABS = ['All', 'GK', 'DEF', 'MID', 'FWD'] as const satisfies readonly (
  'All' | PositionShort
)[];
export type RosterTab = (typeof ROSTER_TABS)[number];

const contains = (position: string, names: PositionNames) => position.toLowerCase().includes(names.word);
const byGroup = (group: PositionGroup) => POSITION_NAMES.find((p) => p.group === group)!;
const byShort = (short: PositionShort) => POSITION_NAMES.find((p) => p.short === short)!;

/** The names of a position text's position, or undefined when it names none. */
function namesOf(position: string): PositionNames | undefined {
  return POSITION_NAMES.find((p) => contains(position, p));
}

/** The API's position parameter of a chip: null for All. */
export function positionParam(filter: PositionFilter): Position | null {
  return filter === 'All' ? null : byGroup(filter).position;
}

/** Whether a position text belongs to a position chip (the text contains Forward, Midfielder, ...). */
export function matchesPosition(position: string, filter: PositionFilter): boolean {
  return filter === 'All' || contains(position, byGroup(filter));
}

export function matchesRosterTab(position: string, tab: RosterTab): boolean {
  return tab === 'All' || contains(position, byShort(tab));
}

/** The group a position text counts in, or undefined when it names no position. */
export function positionGroupOf(position: string): PositionGroup | undefined {
  return namesOf(position)?.group;
}

/** Short position label for compact places: the detailed position when known, else GK/DEF/MID/FWD. */
export function positionShort(player: Pick<Player, 'position' | 'detailedPosition'>): string {
  if (player.detailedPosition) return player.detailedPosition;
  return namesOf(player.position)?.short ?? player.position.slice(0, 3).toUpperCase();
}
