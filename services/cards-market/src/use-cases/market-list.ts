import { MARKET_USER_ID } from '@touchline/rules';
import type { ListAllPlayersRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListAllPlayersRequest';
import type { ListMarketRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListMarketRequest';
import type { MarketItem } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import { activeListings, marketSupply, type ActiveListing, type MarketSupply } from '../db/listings';
import type { PlayerRow } from '../domain/player';
import { marketItem, playerMessages } from '../mappers';
import type { CardsDeps } from './deps';

interface Filter {
  position: string;
  search: string;
  rarity: string;
  teamId: number;
}

function matches(player: PlayerRow, filter: Filter): boolean {
  if (filter.position && player.position !== filter.position) return false;
  if (filter.rarity && player.rarity !== filter.rarity) return false;
  if (filter.teamId && player.team_id !== filter.teamId) return false;
  if (filter.search && !player.name.toLowerCase().includes(filter.search.trim().toLowerCase())) return false;
  return true;
}

/**
 * What can be bought: every open user listing, plus one market-owned edition (the lowest) of each
 * player the market still holds, at the current price. Filtered and sorted as the market page asks.
 */
export async function listMarket(
  deps: CardsDeps,
  request: ListMarketRequest__Output,
): Promise<{ items: MarketItem[] }> {
  const [listings, supply] = await Promise.all([activeListings(deps.db), marketSupply(deps.db)]);
  const players = await deps.players.get([
    ...listings.map((l) => l.player_id),
    ...supply.map((s) => s.player_id),
  ]);
  return marketItems(deps, request, listings, supply, players);
}

function marketItems(
  deps: CardsDeps,
  request: ListMarketRequest__Output,
  listings: ActiveListing[],
  supply: MarketSupply[],
  players: Map<number, PlayerRow>,
): { items: MarketItem[] } {
  const items: MarketItem[] = [
    ...listings.map((l) =>
      marketItem(
        {
          cardId: l.card_id,
          userId: l.seller_id,
          price: l.price,
          edition: l.edition_number,
          listingId: l.listing_id,
          listedAt: l.created_at.toISOString(),
        },
        players.get(l.player_id)!,
        deps.players.change(l.player_id),
      ),
    ),
    ...supply.map((s) => {
      const p = players.get(s.player_id)!;
      const sale = {
        cardId: s.card_id,
        userId: MARKET_USER_ID,
        price: p.current_price,
        edition: s.edition_number,
      };
      return marketItem(sale, p, deps.players.change(p.id));
    }),
  ].filter((i) => matches(players.get(i.player!.id as number)!, request));
  const sort = request.sort || 'price_asc';
  items.sort((a, b) =>
    sort === 'price_desc'
      ? Number(b.price) - Number(a.price)
      : sort === 'change'
        ? Number(b.priceChange) - Number(a.priceChange)
        : Number(a.price) - Number(b.price),
  );
  return { items };
}

/** Every player with price and 24h change: the stock market page. */
export async function listAllPlayers(deps: CardsDeps, request: ListAllPlayersRequest__Output) {
  return sortedPlayers(deps, request, await deps.players.all());
}

function sortedPlayers(deps: CardsDeps, request: ListAllPlayersRequest__Output, all: PlayerRow[]) {
  const rows = all.filter((p) => matches(p, request));
  const sort = request.sort || 'price_desc';
  const change = (p: PlayerRow) => deps.players.change(p.id);
  rows.sort((a, b) =>
    sort === 'price_asc'
      ? a.current_price - b.current_price
      : sort === 'change'
        ? change(b) - change(a)
        : sort === 'name'
          ? a.name.localeCompare(b.name)
          : b.current_price - a.current_price,
  );
  return { players: playerMessages(rows, deps.players) };
}

/** The biggest movers of the last 24 hours (up or down), best-ranked first among equals. */
export async function trending(deps: CardsDeps, limit: number) {
  const rows = [...(await deps.players.all())].sort(
    (a, b) => Math.abs(deps.players.change(b.id)) - Math.abs(deps.players.change(a.id)) || a.rank - b.rank,
  );
  return { players: playerMessages(rows.slice(0, limit > 0 ? Math.min(limit, 50) : 8), deps.players) };
}
