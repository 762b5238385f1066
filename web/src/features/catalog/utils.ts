import type { CatalogEntry, PlayerTeam, Rarity, Team } from '@touchline/contract';
import { matchesPosition, positionParam, type PositionFilter } from '@/lib/positions';
import type { CatalogQueryFilters } from '@/lib/data/cards';

export type RarityFilter = 'All' | Rarity;
export const RARITY_FILTERS: readonly RarityFilter[] = [
  'All',
  'Common',
  'Rare',
  'Epic',
  'Legendary',
  'Ultra Legendary',
];

export interface CatalogFilters {
  search: string;
  /** 'all' or a team id. */
  teamId: number | 'all';
  position: PositionFilter;
  rarity: RarityFilter;
}

export const DEFAULT_CATALOG_FILTERS: CatalogFilters = {
  search: '',
  teamId: 'all',
  position: 'All',
  rarity: 'All',
};

export function filterCatalog(entries: readonly CatalogEntry[], filters: CatalogFilters): CatalogEntry[] {
  const needle = filters.search.trim().toLowerCase();
  return entries.filter(({ player }) => {
    if (needle && !player.name.toLowerCase().includes(needle)) return false;
    if (filters.teamId !== 'all' && player.teamId !== filters.teamId) return false;
    if (!matchesPosition(player.position, filters.position)) return false;
    if (filters.rarity !== 'All' && player.rarity !== filters.rarity) return false;
    return true;
  });
}

/** The filters as the server takes them: the search as typed a moment ago (debounced). */
export function catalogQuery(filters: CatalogFilters, search: string): CatalogQueryFilters {
  return {
    search: search.trim(),
    teamId: filters.teamId === 'all' ? 0 : filters.teamId,
    position: positionParam(filters.position),
    rarity: filters.rarity === 'All' ? null : filters.rarity,
  };
}

/**
 * The teams to filter by, sorted by name: those of the players loaded and every team with players
 * (the catalog comes a page at a time, its first page does not name every team).
 */
export function catalogTeams(
  entries: readonly CatalogEntry[],
  withCounts: readonly Pick<Team, 'id' | 'name' | 'playerCount'>[] = [],
): Pick<PlayerTeam, 'id' | 'name'>[] {
  const teams = new Map<number, Pick<PlayerTeam, 'id' | 'name'>>();
  for (const { player } of entries) if (!teams.has(player.team.id)) teams.set(player.team.id, player.team);
  for (const team of withCounts) if (!teams.has(team.id) && team.playerCount !== 0) teams.set(team.id, team);
  return [...teams.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Collected (owned) players and the total (the server counts them over every player), with the percent to one decimal. */
export function catalogProgress(collected: number, total: number) {
  const percent = total > 0 ? Math.floor((collected / total) * 1000) / 10 : 0;
  return { collected, total, percent };
}
