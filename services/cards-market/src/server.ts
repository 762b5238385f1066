import type { UseCases } from '@touchline/kit';
import type { CardsMarketHandlers } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';

/**
 * Maps each CardsMarket RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function cardsMarketUseCases(): UseCases<CardsMarketHandlers> {
  return {};
}
