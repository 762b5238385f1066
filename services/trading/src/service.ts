import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { TradingHandlers } from '@touchline/protos/gen/touchline/trading/Trading';
import { migrations } from './db/migrations';
import { tradingConsumers } from './consumers';
import { tradingUseCases } from './server';

/** trading: trade offers, trade wishes and trade history. */
export const tradingService: ServiceModule<unknown, TradingHandlers> = {
  name: 'trading',
  schema: 'trading',
  grpcServiceName: SERVICES['trading'].serviceName,
  definition: () => SERVICES['trading'].definition(),
  migrations,
  peers: ['identity', 'cards-market', 'wallet-payments'],
  create: ({ db }) => ({ useCases: tradingUseCases(db), consumers: tradingConsumers() }),
};
