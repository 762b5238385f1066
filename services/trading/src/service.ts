import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { TradingHandlers } from '@touchline/protos/gen/touchline/trading/Trading';
import { tradingConfigSchema, type TradingConfig } from './config';
import { migrations } from './db/migrations';
import { tradingConsumers } from './consumers';
import { tradingJobs } from './jobs';
import { createPeers, PEERS } from './peers';
import { tradingUseCases } from './server';
import type { TradingDeps } from './use-cases/deps';
import { readSagaGauges } from './db/gauges';

/** trading: trade offers and their accept saga, trade wishes, and trade history. */
export const tradingService: ServiceModule<TradingConfig, TradingHandlers> = {
  name: 'trading',
  schema: 'trading',
  grpcServiceName: SERVICES['trading'].serviceName,
  definition: () => SERVICES['trading'].definition(),
  migrations,
  configSchema: tradingConfigSchema,
  peers: Object.values(PEERS),
  gauges: readSagaGauges,
  create: ({ config, db, outbox, clock, random, logger, peers }) => {
    const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
    const deps: TradingDeps = { db, outbox, clock, random, logger, config, ...clients };
    return {
      useCases: tradingUseCases(deps),
      consumers: tradingConsumers(deps),
      jobs: tradingJobs(deps),
      close: async () => clients.close(),
    };
  },
};
