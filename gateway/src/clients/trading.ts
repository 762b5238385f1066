import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { TradingDefinition } from '@touchline/protos/gen/touchline/trading/Trading';

export function createTradingClient(address: string, options: ClientOptions) {
  return createPromiseClient<TradingDefinition>(SERVICES.trading.definition(), address, options);
}
export type TradingClient = ReturnType<typeof createTradingClient>;
