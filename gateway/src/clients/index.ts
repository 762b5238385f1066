import type { ClientOptions } from '@touchline/kit';
import type { Upstream } from '../config';
import { createIdentityClient, type IdentityClient } from './identity';

/** One small promise-based client per downstream service. */
export interface Clients {
  identity: IdentityClient;
}

export function createClients(addresses: Record<Upstream, string>, options: ClientOptions): Clients {
  return { identity: createIdentityClient(addresses.identity, options) };
}

export function closeClients(clients: Clients): void {
  for (const client of Object.values(clients)) client.close();
}
