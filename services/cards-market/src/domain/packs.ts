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
