import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';

/** The big reads many requests share: a repeated answer is not decoded again (kit grpc/encoded-once.ts). */
const REUSE_DECODED = ['ListMarket', 'ListAllPlayers', 'ListUserCards'];

export function createCardsMarketClient(address: string, options: ClientOptions) {
  return createPromiseClient<CardsMarketDefinition>(SERVICES['cards-market'].definition(), address, {
    ...options,
    reuseDecoded: REUSE_DECODED,
  });
}
export type CardsMarketClient = ReturnType<typeof createCardsMarketClient>;
