import type { Player } from '@touchline/contract';
import { matchesPosition, type PositionFilter } from '@/lib/positions';

export { positionParam } from '@/lib/positions';

import type {
  MarketItem,
  MarketSort as MarketSortKey,
  PlayerSort as PlayerSortKey,
} from '@touchline/contract';

// ---------------------------------------------------------------------------------------------------------
// Filters and sorting (the server filters and sorts too; the client repeats it so a list shown while
// the next one loads already matches the chosen filter)
// ---------------------------------------------------------------------------------------------------------

/** Case-insensitive player-name search; blank matches everything. */
export function matchesPlayerName(name: string, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || name.toLowerCase().includes(needle);
}

export const MARKET_SORTS: readonly { value: MarketSortKey; label: string }[] = [
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'change', label: '% Change' },
];

export const PLAYER_SORTS: readonly { value: PlayerSortKey; label: string }[] = [
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'change', label: '% Change' },
  { value: 'name', label: 'Name: A to Z' },
];

const finite = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** The market listings matching a position chip and search, sorted like the server sorts them. */
export function filterMarketItems(
  items: readonly MarketItem[],
  position: PositionFilter,
  search: string,
  sort: MarketSortKey,
): MarketItem[] {
  const shown = items.filter(
    (item) => matchesPosition(item.player.position, position) && matchesPlayerName(item.player.name, search),
  );
  return shown.sort((a, b) => {
    switch (sort) {
      case 'price_desc':
        return b.price - a.price;
      case 'change':
        return finite(b.priceChange) - finite(a.priceChange);
      case 'price_asc':
        return a.price - b.price;
    }
  });
}

/** The players matching a position chip and search, sorted like the server sorts them. */
export function filterPlayers(
  players: readonly Player[],
  position: PositionFilter,
  search: string,
  sort: PlayerSortKey,
): Player[] {
  const shown = players.filter(
    (player) => matchesPosition(player.position, position) && matchesPlayerName(player.name, search),
  );
  return shown.sort((a, b) => {
    switch (sort) {
      case 'price_asc':
        return a.currentPrice - b.currentPrice;
      case 'change':
        return finite(b.priceChange) - finite(a.priceChange);
      case 'name':
        return a.name.localeCompare(b.name);
      case 'price_desc':
        return b.currentPrice - a.currentPrice;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Stock market
// ---------------------------------------------------------------------------------------------------------

/**
 * The 24h change of the stock market: sign and two decimals ('+1.25%', '-0.40%'); '0%' when the change is
 * missing or rounds to zero.
 */
export function formatStockChange(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '0%';
  const rounded = Math.round(value * 100) / 100;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(2)}%`;
}

export const UNKNOWN_TEAM = 'Unknown Team';

export interface TeamGroup {
  name: string;
  /** The team of the first player, for the crest; null for 'Unknown Team'. */
  team: Player['team'] | null;
  players: Player[];
}

/** Players grouped by team name (fallback 'Unknown Team'), groups sorted alphabetically, order kept within. */
export function groupPlayersByTeam(players: readonly Player[]): TeamGroup[] {
  const groups = new Map<string, TeamGroup>();
  for (const player of players) {
    const name = player.team?.name?.trim() || UNKNOWN_TEAM;
    const group = groups.get(name);
    if (group) group.players.push(player);
    else groups.set(name, { name, team: name === UNKNOWN_TEAM ? null : player.team, players: [player] });
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------------------

/** What the viewer can do with a listing. */
export type ListingAction = 'buy' | 'trade' | 'own' | 'closed';

/**
 * 'own' for the viewer's listing, 'trade' for another user's (buyable any time), 'buy' for a market card,
 * 'closed' for a market card while the market is known to be closed.
 */
export function listingAction(
  item: Pick<MarketItem, 'userId'>,
  userId: number | undefined,
  isOpen: boolean | undefined,
): ListingAction {
  if (item.userId !== 0) return item.userId === userId ? 'own' : 'trade';
  return isOpen === false ? 'closed' : 'buy';
}
