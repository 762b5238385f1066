import { createPromiseClient, type PromiseClient } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import type { IdentityDefinition } from '@touchline/protos/gen/touchline/identity/Identity';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';

export type IdentityClient = PromiseClient<IdentityDefinition>;
export type CardsClient = PromiseClient<CardsMarketDefinition>;
export type WalletClient = PromiseClient<WalletDefinition>;

/** The services trading calls: identity (users, mute), cards-market (cards, holds), the wallet (coin holds). */
export interface Peers {
  identity: IdentityClient;
  cards: CardsClient;
  wallet: WalletClient;
}

export function createPeers(addresses: Record<string, string>): Peers & { close(): void } {
  const identity = createPromiseClient<IdentityDefinition>(
    SERVICES.identity.definition(),
    addresses.identity!,
  );
  const cards = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    addresses['cards-market']!,
  );
  const wallet = createPromiseClient<WalletDefinition>(
    SERVICES['wallet-payments'].definition(),
    addresses['wallet-payments']!,
  );
  return {
    identity,
    cards,
    wallet,
    close() {
      identity.close();
      cards.close();
      wallet.close();
    },
  };
}
