import type { ClientOptions } from '@touchline/kit';
import type { Upstream } from '../config';
import { createCardsMarketClient, type CardsMarketClient } from './cards-market';
import { createIdentityClient, type IdentityClient } from './identity';

/** One small promise-based client per downstream service. */
export interface Clients {
  identity: IdentityClient;
  cardsMarket: CardsMarketClient;
}

export function createClients(addresses: Record<Upstream, string>, options: ClientOptions): Clients {
  return {
    identity: createIdentityClient(addresses.identity, options),
    cardsMarket: createCardsMarketClient(addresses['cards-market'], options),
  };
}

export function closeClients(clients: Clients): void {
  for (const client of Object.values(clients)) client.close();
}
