import type {
  Card,
  CatalogEntry,
  LivePrice,
  MarketItem,
  Player,
  PriceHistory,
  User,
  WatchlistEntry,
} from '@touchline/contract';

/**
 * Pure patches of cached answers by a price tick. Each returns its input itself when nothing in it
 * changed, so react-query keeps the same object and nothing re-renders for a tick that missed it.
 */

export type PriceMap = ReadonlyMap<number, LivePrice>;

export const priceMap = (prices: readonly LivePrice[]): PriceMap =>
  new Map(prices.map((price) => [price.playerId, price]));

export function patchPlayer(player: Player, prices: PriceMap): Player {
  const tick = prices.get(player.id);
  if (!tick || (tick.price === player.currentPrice && tick.priceChange === player.priceChange)) return player;
  return { ...player, currentPrice: tick.price, priceChange: tick.priceChange };
}

/** Maps a list, keeping the list itself when no element changed. */
function mapKeeping<T>(list: readonly T[], patch: (item: T) => T): T[] {
  let changed = false;
  const next = list.map((item) => {
    const patched = patch(item);
    if (patched !== item) changed = true;
    return patched;
  });
  return changed ? next : (list as T[]);
}

export const patchPlayers = (players: readonly Player[], prices: PriceMap) =>
  mapKeeping(players, (player) => patchPlayer(player, prices));

/** A card's worth follows its player; its profit or loss is that worth minus what its owner paid. */
export function patchCard<C extends Card>(card: C, prices: PriceMap): C {
  const player = patchPlayer(card.player, prices);
  if (player === card.player) return card;
  return {
    ...card,
    player,
    priceChange: player.priceChange,
    profitLoss: player.currentPrice - card.purchasePrice,
  };
}

export const patchCards = <C extends Card>(cards: readonly C[], prices: PriceMap) =>
  mapKeeping(cards, (card) => patchCard(card, prices));

export const patchCatalog = (entries: readonly CatalogEntry[], prices: PriceMap) =>
  mapKeeping(entries, (entry) => {
    const player = patchPlayer(entry.player, prices);
    return player === entry.player ? entry : { ...entry, player };
  });

/** A watched player's price and 24 h change; its alerts change only through their own notification. */
export const patchWatchlist = (entries: readonly WatchlistEntry[], prices: PriceMap) =>
  mapKeeping(entries, (entry) => {
    const player = patchPlayer(entry.player, prices);
    return player === entry.player ? entry : { ...entry, player };
  });

/** A user's listing keeps its asking price; the market's own card (userId 0) sells at the current price. */
export const patchMarketItems = (items: readonly MarketItem[], prices: PriceMap) =>
  mapKeeping(items, (item) => {
    const player = patchPlayer(item.player, prices);
    if (player === item.player) return item;
    const price = item.userId === 0 ? player.currentPrice : item.price;
    return { ...item, player, priceChange: player.priceChange, price };
  });

/** The tick's point joins the history after its last point (a point at or before it is already there). */
export function appendHistoryPoint(history: PriceHistory, prices: PriceMap, at: string): PriceHistory {
  const tick = prices.get(history.playerId);
  if (!tick) return history;
  const last = history.points[history.points.length - 1];
  if (last && Date.parse(last.at) >= Date.parse(at)) return history;
  return { ...history, points: [...history.points, { at, price: tick.price }] };
}

/** The collection value is the sum of the user's cards' current prices: each owned card moves it by its player's change. */
export function patchCollectionValue(user: User, cards: readonly Card[], prices: PriceMap): User {
  if (user.collectionValue === undefined) return user;
  let delta = 0;
  for (const card of cards) {
    const tick = prices.get(card.player.id);
    if (tick) delta += tick.price - card.player.currentPrice;
  }
  return delta === 0 ? user : { ...user, collectionValue: user.collectionValue + delta };
}
