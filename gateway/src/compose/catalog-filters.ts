import type { CatalogEntry, CatalogQuery, Player } from '@touchline/contract';

/**
 * The catalog's filters, applied in the gateway to the user's whole catalog (one upstream answer
 * per user, whatever the filter), as cards-market filters the market (use-cases/market-list.ts).
 */
export function matchesFilters(player: Player, query: Omit<CatalogQuery, 'cursor' | 'limit'>): boolean {
  if (query.position && player.position !== query.position) return false;
  if (query.rarity && player.rarity !== query.rarity) return false;
  if (query.teamId && player.teamId !== query.teamId) return false;
  const needle = query.search.trim().toLowerCase();
  if (needle && !player.name.toLowerCase().includes(needle)) return false;
  return true;
}

const filtered = new WeakMap<CatalogEntry[], { key: string; entries: CatalogEntry[] }>();

/** The entries passing the filters: the list itself without any, else one filtered copy per list and filter. */
export function filterEntries(entries: CatalogEntry[], query: CatalogQuery): CatalogEntry[] {
  const { position, rarity, teamId, search } = query;
  if (!position && !rarity && !teamId && !search.trim()) return entries;
  const key = JSON.stringify([position, rarity, teamId, search.trim().toLowerCase()]);
  const kept = filtered.get(entries);
  if (kept?.key === key) return kept.entries;
  const result = entries.filter((entry) => matchesFilters(entry.player, query));
  filtered.set(entries, { key, entries: result });
  return result;
}
