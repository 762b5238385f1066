import { invalid } from '@touchline/kit';
import type { ListWishesRequest__Output } from '@touchline/protos/gen/touchline/trading/ListWishesRequest';
import type { ListWishesResponse } from '@touchline/protos/gen/touchline/trading/ListWishesResponse';
import { openWishes, type WishRow } from '../db/wishes';
import { wishMessage } from '../mappers';
import { POSITIONS, RARITY_ORDER, sortWishes, WISH_SORTS, type WishSort } from '../domain/wish';
import type { TradingDeps } from './deps';

/** The newest open wishes a sort considers, and how many it returns. */
const CANDIDATES = 500;
const PAGE = 100;

/**
 * The players' current prices for the value sorts, live from cards-market; when it cannot answer,
 * the price each wish recorded when it was posted (the list still works, slightly stale).
 */
async function currentValues(deps: TradingDeps, rows: WishRow[]): Promise<Map<number, number>> {
  const values = new Map(rows.map((r) => [r.player_id, r.value_snapshot]));
  try {
    const { players } = await deps.cards.GetPlayers({ playerIds: [...values.keys()] }, { timeoutMs: 2_000 });
    for (const p of players) values.set(p.id, p.currentPrice);
  } catch (error) {
    deps.logger.warn({ err: error }, 'player prices unavailable: sorting wishes by their posted value');
  }
  return values;
}

/**
 * The trade marketplace: open wishes filtered by player name, rarity, position, team and owner
 * (on the snapshot taken when each was posted: none of those change), sorted newest first, by
 * rarity (Ultra Legendary first) or by the player's current value.
 */
export async function listWishes(
  deps: TradingDeps,
  request: ListWishesRequest__Output,
): Promise<ListWishesResponse> {
  const sort = (request.sort || 'newest') as WishSort;
  if (!WISH_SORTS.includes(sort)) throw invalid('Unknown sort');
  if (request.rarity && !(RARITY_ORDER as readonly string[]).includes(request.rarity))
    throw invalid('Unknown rarity');
  if (request.position && !(POSITIONS as readonly string[]).includes(request.position))
    throw invalid('Unknown position');
  const rows = await openWishes(
    deps.db,
    {
      search: request.search.trim(),
      rarity: request.rarity,
      position: request.position,
      teamId: request.teamId,
      ownerUserId: request.ownerUserId,
    },
    CANDIDATES,
  );

  const values = sort.startsWith('value') ? await currentValues(deps, rows) : new Map<number, number>();
  const sorted = sortWishes(
    rows.map((row) => ({
      row,
      id: row.id,
      rarity: row.rarity,
      createdAt: row.created_at,
      value: values.get(row.player_id) ?? row.value_snapshot,
    })),
    sort,
  );
  return { wishes: sorted.slice(0, PAGE).map((w) => wishMessage(w.row)) };
}
