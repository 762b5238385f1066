import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/** The services trading calls: identity (users, mute), cards-market (cards, holds), the wallet (coin holds). */
export const PEERS = { identity: 'identity', cards: 'cards-market', wallet: 'wallet-payments' } as const;

export type TradingPeers = Peers<typeof PEERS>;
export type IdentityClient = PeerClient<'identity'>;
export type CardsClient = PeerClient<'cards-market'>;
export type WalletClient = PeerClient<'wallet-payments'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): TradingPeers {
  return connectPeers(PEERS, addresses, options);
}
