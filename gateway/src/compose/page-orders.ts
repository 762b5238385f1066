import type { CatalogEntry, MarketItem, MarketSort, Player, PlayerSort } from '@touchline/contract';
import type { Order } from './paging';

/**
 * The orders the lists are paged in: cards-market's sorts (use-cases/market-list.ts), each with the
 * id after the key so that every item has one place (the upstream leaves ties in arrival order).
 */

const marketOrders: Record<MarketSort, Order<MarketItem>> = {
  price_asc: { tag: 'market:price_asc', key: (item) => item.price, id: (item) => item.id },
  price_desc: {
    tag: 'market:price_desc',
    key: (item) => item.price,
    id: (item) => item.id,
    descending: true,
  },
  change: { tag: 'market:change', key: (item) => item.priceChange, id: (item) => item.id, descending: true },
};

const playerOrders: Record<PlayerSort, Order<Player>> = {
  price_desc: { tag: 'players:price_desc', key: (p) => p.currentPrice, id: (p) => p.id, descending: true },
  price_asc: { tag: 'players:price_asc', key: (p) => p.currentPrice, id: (p) => p.id },
  change: { tag: 'players:change', key: (p) => p.priceChange, id: (p) => p.id, descending: true },
  name: { tag: 'players:name', key: (p) => p.name, id: (p) => p.id },
};

export const marketOrder = (sort: MarketSort) => marketOrders[sort];
export const playerOrder = (sort: PlayerSort) => playerOrders[sort];

/** The catalog keeps the upstream's order: every player by id. */
export const catalogOrder: Order<CatalogEntry> = {
  tag: 'catalog',
  key: (entry) => entry.player.id,
  id: (entry) => entry.player.id,
};
