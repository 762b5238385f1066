import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/** The services missions calls: the wallet (reward grants), cards-market (collections, for team roster badges). */
export const PEERS = { wallet: 'wallet-payments', cards: 'cards-market' } as const;

export type MissionsPeers = Peers<typeof PEERS>;
export type WalletClient = PeerClient<'wallet-payments'>;
export type CardsClient = PeerClient<'cards-market'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): MissionsPeers {
  return connectPeers(PEERS, addresses, options);
}
