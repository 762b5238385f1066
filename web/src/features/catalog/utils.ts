import type { CatalogEntry, PlayerTeam, Rarity } from '@touchline/contract';
import { matchesPosition, type PositionFilter } from '@/lib/cards';

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

/** The clubs present in the catalog, sorted by name. */
export function catalogTeams(entries: readonly CatalogEntry[]): PlayerTeam[] {
  const teams = new Map<number, PlayerTeam>();
  for (const { player } of entries) if (!teams.has(player.team.id)) teams.set(player.team.id, player.team);
  return [...teams.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Collected (owned) players and the total, with the percent to one decimal. */
export function catalogProgress(entries: readonly CatalogEntry[]) {
  const collected = entries.filter((entry) => entry.owned || entry.count > 0).length;
  const total = entries.length;
  const percent = total > 0 ? Math.floor((collected / total) * 1000) / 10 : 0;
  return { collected, total, percent };
}
