import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/** The services matchday calls: cards-market (the catalog, cards, card holds), the wallet (rewards). */
export const PEERS = { cards: 'cards-market', wallet: 'wallet-payments' } as const;

export type MatchdayPeers = Peers<typeof PEERS>;
export type CardsClient = PeerClient<'cards-market'>;
export type WalletClient = PeerClient<'wallet-payments'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): MatchdayPeers {
  return connectPeers(PEERS, addresses, options);
}
