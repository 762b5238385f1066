import type { Random } from '@touchline/kit';
import type { Rarity } from './rarity';

export const STARTER_PACK_SIZE = 3;

/** A new player's three cards are Commons and Rares, Commons three times as likely. */
export const STARTER_PACK_WEIGHTS: readonly { rarity: Rarity; weight: number }[] = [
  { rarity: 'Common', weight: 75 },
  { rarity: 'Rare', weight: 25 },
];

/** Draws a rarity with the given weights from one random number. */
export function drawRarity(weights: readonly { rarity: Rarity; weight: number }[], random: Random): Rarity {
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  let point = random.next() * total;
  for (const w of weights) {
    point -= w.weight;
    if (point < 0) return w.rarity;
  }
  return weights[weights.length - 1]!.rarity;
}

/** Index into a list of `length` candidates. */
export function drawIndex(length: number, random: Random): number {
  return Math.min(length - 1, Math.floor(random.next() * length));
}
