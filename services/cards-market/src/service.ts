import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardsMarketConfigSchema, type CardsMarketConfig } from './config';
import { cardsConsumers } from './consumers';
import { PlayerCache } from './db/player-cache';
import { migrations } from './db/migrations';
import { cardsJobs } from './jobs';
import { cardsMarketUseCases } from './server';
import { createWalletClient } from './wallet';

/** cards-market: clubs, players, card editions, the market, prices, packs and card holds. */
export const cardsMarketService: ServiceModule<CardsMarketConfig, CardsMarketHandlers> = {
  name: 'cards-market',
  schema: 'cards_market',
  grpcServiceName: SERVICES['cards-market'].serviceName,
  definition: () => SERVICES['cards-market'].definition(),
  migrations,
  configSchema: cardsMarketConfigSchema,
  peers: ['wallet-payments'],
  create: ({ config, db, outbox, clock, random, logger, peers }) => {
    const wallet = createWalletClient(peers['wallet-payments']!);
    const deps = { db, outbox, clock, random, logger, config, wallet, players: new PlayerCache(db, clock) };
    return {
      useCases: cardsMarketUseCases(deps),
      consumers: cardsConsumers(deps),
      jobs: cardsJobs(deps),
      close: async () => wallet.close(),
    };
  },
};
