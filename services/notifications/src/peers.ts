import { connectPeers, type PeerClient, type PeerOptions, type Peers } from '@touchline/kit';

/** notifications calls identity only, for the usernames its texts name. */
export const PEERS = { identity: 'identity' } as const;

export type NotificationsPeers = Peers<typeof PEERS>;
export type IdentityClient = PeerClient<'identity'>;

export function createPeers(addresses: Record<string, string>, options?: PeerOptions): NotificationsPeers {
  return connectPeers(PEERS, addresses, options);
}
