import type { UseCases } from '@touchline/kit';
import type { TradingHandlers } from '@touchline/protos/gen/touchline/trading/Trading';

/**
 * Maps each Trading RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function tradingUseCases(): UseCases<TradingHandlers> {
  return {};
}
