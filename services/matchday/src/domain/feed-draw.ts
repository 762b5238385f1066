import { createHmac } from 'node:crypto';
import { seededRandom } from '@touchline/kit';

/** The match feed's secret: stored random bytes, or MATCH_SEED's text in tests. */
export type FeedKey = string | Uint8Array;

/** Uniform in [0, 1). */
export type Draw = () => number;

/**
 * The random stream of one fixture of one round, from a keyed hash (HMAC-SHA-256) of (round, home,
 * away) under the secret: without the key the coming results cannot be computed, and the results
 * of past rounds reveal nothing of it. The same key, round and teams give the same stream on every
 * replica.
 */
export function fixtureDraw(key: FeedKey, round: number, home: number, away: number): Draw {
  const digest = createHmac('sha256', key).update(`match:${round}:${home}:${away}`).digest();
  const random = seededRandom(digest.readUInt32BE(0) ^ digest.readUInt32BE(4));
  return () => random.next();
}
