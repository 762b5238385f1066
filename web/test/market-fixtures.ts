import type { Player } from '@touchline/contract';
import type { MarketItem, MarketStatus } from '@touchline/contract';
import type { TradeRecord } from '@touchline/contract';

export const marketOpen: MarketStatus = {
  isOpen: true,
  nextEvent: 'Closes today 4:00 PM ET',
  nextEventAt: '2026-03-09T20:00:00.000Z',
};

export const marketClosed: MarketStatus = {
  isOpen: false,
  nextEvent: 'Opens Monday 9:30 AM ET',
  nextEventAt: '2026-03-09T13:30:00.000Z',
};

export interface ItemSpec {
  id: number;
  player: Player;
  /** 0: the market's own card. */
  userId?: number;
  price?: number;
  editionNumber?: number;
  /** The seller's username; by default 'user{id}' (null for the market). */
  username?: string | null;
}

/** The fixtures' username of a user id: 'user12'; none for the market (0). */
export const fixtureUsername = (id: number) => (id === 0 ? null : `user${id}`);

/** A listing as GET /api/market returns it. */
export function makeMarketItem(spec: ItemSpec): MarketItem {
  const userId = spec.userId ?? 0;
  return {
    id: spec.id,
    player: spec.player,
    team: {
      name: spec.player.team.name,
      logoUrl: null,
      abbreviation: spec.player.team.abbreviation,
      primaryColor: spec.player.team.primaryColor,
      secondaryColor: spec.player.team.secondaryColor,
    },
    priceChange: spec.player.priceChange,
    userId,
    username: spec.username === undefined ? fixtureUsername(userId) : spec.username,
    price: spec.price ?? spec.player.currentPrice,
    editionNumber: spec.editionNumber ?? 4,
    maxEditions: spec.player.maxEditions,
    listingId: userId === 0 ? null : spec.id + 10_000,
    listedAt: userId === 0 ? null : '2026-03-06T15:00:00.000Z',
  };
}

export function makeTrade(overrides: Partial<TradeRecord> & Pick<TradeRecord, 'id'>): TradeRecord {
  const sellerUserId = overrides.sellerUserId ?? 12;
  const buyerUserId = overrides.buyerUserId ?? 13;
  return {
    sellerUsername: fixtureUsername(sellerUserId),
    buyerUsername: fixtureUsername(buyerUserId),
    trade: null,
    createdAt: '2026-03-06T18:05:00.000Z',
    playerName: 'Lionel Messi',
    playerId: 1,
    rarity: 'Ultra Legendary',
    tradeType: 'market_sale',
    sellerUserId: 12,
    buyerUserId: 13,
    salePrice: 150_000,
    profitLoss: 1_500,
    cardId: 103,
    editionNumber: 21,
    maxEditions: 5000,
    ...overrides,
  };
}
