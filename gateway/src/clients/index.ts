import type { ClientOptions } from '@touchline/kit';
import type { Upstream } from '../config';
import { createCardsMarketClient, type CardsMarketClient } from './cards-market';
import { createIdentityClient, type IdentityClient } from './identity';
import { createTradingClient, type TradingClient } from './trading';
import { createWalletClient, type WalletClient } from './wallet';

/** One small promise-based client per downstream service. */
export interface Clients {
  identity: IdentityClient;
  cardsMarket: CardsMarketClient;
  wallet: WalletClient;
  trading: TradingClient;
}

export function createClients(addresses: Record<Upstream, string>, options: ClientOptions): Clients {
  return {
    identity: createIdentityClient(addresses.identity, options),
    cardsMarket: createCardsMarketClient(addresses['cards-market'], options),
    wallet: createWalletClient(addresses['wallet-payments'], options),
    trading: createTradingClient(addresses.trading, options),
  };
}

export function closeClients(clients: Clients): void {
  for (const client of Object.values(clients)) client.close();
}
