import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardsMarketConfigSchema, type CardsMarketConfig } from './config';
import { cardsConsumers } from './consumers';
import { PlayerCache } from './db/player-cache';
import { migrations } from './db/migrations';
import { auctionSweeper, cardsJobs } from './jobs';
import { cardsListeners } from './listeners';
import { cardsMarketUseCases } from './server';
import { createPeers, PEERS } from './peers';
import { readSagaGauges } from './db/gauges';
import { resolvePriceSeed } from './price-seed';
import { seedDemoChallenges } from './use-cases/challenges';

/** cards-market: teams, players, card editions, the market, prices, packs and card holds. */
export const cardsMarketService: ServiceModule<CardsMarketConfig, CardsMarketHandlers> = {
  name: 'cards-market',
  schema: 'cards_market',
  grpcServiceName: SERVICES['cards-market'].serviceName,
  definition: () => SERVICES['cards-market'].definition(),
  migrations,
  configSchema: cardsMarketConfigSchema,
  peers: Object.values(PEERS),
  gauges: readSagaGauges,
  create: async ({ config, db, outbox, clock, random, logger, peers }) => {
    const priceKey = await resolvePriceSeed({ config, db, random, logger });
    const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
    const wallet = clients.wallet;
    const players = new PlayerCache(db, clock);
    const deps = { db, outbox, clock, random, logger, config, priceKey, wallet, players };
    const demoChallenges = await seedDemoChallenges(deps, config.DEMO_CHALLENGES);
    if (demoChallenges > 0) logger.info({ added: demoChallenges }, 'demo challenges seeded');
    const auctions = auctionSweeper(deps);
    return {
      // A new auction may end before the sweeper's next run: it looks again at once.
      useCases: cardsMarketUseCases(deps, { auctionStarted: () => auctions.wake() }),
      consumers: cardsConsumers(deps),
      listeners: cardsListeners(deps),
      jobs: [...cardsJobs(deps), auctions],
      close: async () => clients.close(),
    };
  },
};
