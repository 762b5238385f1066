import { createHmac } from 'node:crypto';

/** The price engine's secret: the stored random bytes, or PRICE_SEED's text in tests and benchmarks. */
export type PriceKey = string | Uint8Array;

/**
 * The random draw, in [0, 1), of one player at one tick. A keyed hash (HMAC-SHA-256) rather than a
 * fast one: every tick publishes hundreds of prices, and a hash whose state is 32 bits (FNV-1a, as
 * before) could be brute-forced from them even with a long random key. Depending only on (key, tick,
 * player) keeps a tick identical whichever replica computes it, in whatever order.
 */
export function priceDraw(key: PriceKey, tick: number, playerId: number): number {
  const digest = createHmac('sha256', key).update(`${tick}:${playerId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}
