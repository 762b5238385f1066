import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardsConsumers } from './consumers';
import { PlayerCache } from './db/player-cache';
import { migrations } from './db/migrations';
import { cardsMarketUseCases } from './server';

/** cards-market: clubs, players, card editions, the market, prices, packs and card holds. */
export const cardsMarketService: ServiceModule<unknown, CardsMarketHandlers> = {
  name: 'cards-market',
  schema: 'cards_market',
  grpcServiceName: SERVICES['cards-market'].serviceName,
  definition: () => SERVICES['cards-market'].definition(),
  migrations,
  peers: ['identity', 'wallet-payments'],
  create: ({ db, outbox, clock, random, logger }) => {
    const deps = { db, outbox, clock, random, logger, players: new PlayerCache(db, clock) };
    return { useCases: cardsMarketUseCases(deps), consumers: cardsConsumers(deps) };
  },
};
