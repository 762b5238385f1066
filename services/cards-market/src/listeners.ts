import { replicaListener, type ReplicaListener } from '@touchline/kit';
import type { CardsDeps } from './use-cases/deps';

/**
 * What every replica hears (kit's events/listeners.ts). A price tick is claimed by one replica
 * (use-cases/prices.ts), which reloads its players at once; the others drop theirs when they hear
 * the tick, so that a caller told of the new prices (the gateway, through the live stream) gets
 * them from any replica, not up to the players' TTL later. Mints by another replica (a minted count)
 * are left to that TTL: one is seen within 2 s, and reloading on every pack would double the reloads.
 */
export function cardsListeners(deps: Pick<CardsDeps, 'players'>): ReplicaListener[] {
  return [replicaListener('market.prices.ticked', () => deps.players.invalidate())];
}
