import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/** The services cards-market calls: the wallet (coins of sales and packs). */
export const PEERS = { wallet: 'wallet-payments' } as const;

export type CardsMarketPeers = Peers<typeof PEERS>;
export type WalletClient = PeerClient<'wallet-payments'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): CardsMarketPeers {
  return connectPeers(PEERS, addresses, options);
}
