import type { ListAllPlayersRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListAllPlayersRequest';
import type { ListMarketRequest__Output } from '@touchline/protos/gen/touchline/cards_market/ListMarketRequest';
import type { MarketItem } from '@touchline/protos/gen/touchline/cards_market/MarketItem';
import type { PlayerRow } from '../domain/player';
import { playerMessage, playerMessages } from '../mappers';
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
  if (filter.teamId && player.club_id !== filter.teamId) return false;
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
  const [listings, supply] = await Promise.all([
    deps
      .db('listings as l')
      .join('cards as k', 'k.id', 'l.card_id')
      .where('l.status', 'active')
      .select(
        'l.id as listing_id',
        'l.price',
        'l.seller_id',
        'l.created_at',
        'k.id as card_id',
        'k.player_id',
        'k.edition_number',
      ) as Promise<
      {
        listing_id: number;
        price: number;
        seller_id: number;
        created_at: Date;
        card_id: number;
        player_id: number;
        edition_number: number;
      }[]
    >,
    deps.db.raw(
      `select distinct on (player_id) id as card_id, player_id, edition_number from cards
       where owner_id = 0 and reserved_by is null and hold_key is null order by player_id, edition_number`,
    ) as Promise<{ rows: { card_id: number; player_id: number; edition_number: number }[] }>,
  ]);
  const players = await deps.players.get([
    ...listings.map((l) => l.player_id),
    ...supply.rows.map((s) => s.player_id),
  ]);
  const item = (
    cardId: number,
    player: PlayerRow,
    userId: number,
    price: number,
    edition: number,
    listingId = 0,
    listedAt = '',
  ): MarketItem => {
    const message = playerMessage(player, deps.players.change(player.id));
    return {
      id: cardId,
      player: message,
      team: message.team,
      priceChange: message.priceChange,
      userId,
      price,
      editionNumber: edition,
      maxEditions: player.max_editions,
      listingId,
      listedAt,
    };
  };
  const items: MarketItem[] = [
    ...listings.map((l) =>
      item(
        l.card_id,
        players.get(l.player_id)!,
        l.seller_id,
        l.price,
        l.edition_number,
        l.listing_id,
        l.created_at.toISOString(),
      ),
    ),
    ...supply.rows.map((s) => {
      const p = players.get(s.player_id)!;
      return item(s.card_id, p, 0, p.current_price, s.edition_number);
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
  const rows = (await deps.players.all()).filter((p) => matches(p, request));
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
