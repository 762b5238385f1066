import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';

export function createCardsMarketClient(address: string, options: ClientOptions) {
  return createPromiseClient<CardsMarketDefinition>(SERVICES['cards-market'].definition(), address, options);
}
export type CardsMarketClient = ReturnType<typeof createCardsMarketClient>;
