import type { Random } from '@touchline/kit';
import { PACKS, type PackDefinition, type Rarity } from '@touchline/rules';
import { drawRarity } from './starter-pack';

export { PACKS, type PackDefinition };

export function findPack(id: number): PackDefinition | undefined {
  return PACKS.find((p) => p.id === id);
}

/** The rarities of one opening, drawn with the pack's odds. */
export function drawPack(pack: PackDefinition, random: Random): Rarity[] {
  const weights = pack.odds.map((o) => ({ rarity: o.rarity, weight: o.percent }));
  return Array.from({ length: pack.packSize }, () => drawRarity(weights, random));
}

/**
 * What each card of a bought pack cost: its share of the price, whole coins that add up to the price
 * (the first cards take the remainder), so a pull's profit or loss is against what it cost, not 0.
 */
export function packCardCosts(price: number, cards: number): number[] {
  if (cards <= 0) return [];
  const share = Math.floor(price / cards);
  const remainder = price - share * cards;
  return Array.from({ length: cards }, (_, index) => share + (index < remainder ? 1 : 0));
}
