import { RARITIES, type Rarity } from '@touchline/rules';

export { RARITIES, type Rarity };

export interface RarityRule {
  /** How many editions of each player of this rarity can ever exist. */
  maxEditions: number;
  /** Base prices of the rarity's players lie in [minPrice, maxPrice]: best-ranked player at the top. */
  minPrice: number;
  maxPrice: number;
  /** Editions of each player minted to the market (user 0) when the market opens for business. */
  marketSupply: number;
}

/**
 * The one table of per-rarity constants. Bands are sized against the economy: a new player holds
 * 10,000 welcome coins (a handful of Commons or one Rare), the Starter Stack buys 25,000.
 */
export const RARITY_RULES: Record<Rarity, RarityRule> = {
  'Ultra Legendary': { maxEditions: 10, minPrice: 40_000, maxPrice: 150_000, marketSupply: 1 },
  Legendary: { maxEditions: 50, minPrice: 10_000, maxPrice: 40_000, marketSupply: 2 },
  Epic: { maxEditions: 250, minPrice: 2_500, maxPrice: 10_000, marketSupply: 5 },
  Rare: { maxEditions: 1_000, minPrice: 500, maxPrice: 2_500, marketSupply: 10 },
  Common: { maxEditions: 5_000, minPrice: 100, maxPrice: 500, marketSupply: 20 },
};

export function isRarity(value: string): value is Rarity {
  return (RARITIES as readonly string[]).includes(value);
}

/**
 * Base price of the player at `index` (0 = best rank) among `count` players of a rarity: a geometric
 * slide from the top of the band to the bottom, rounded to 10 coins, so neighbours differ a little
 * and the best players of a band are worth several times its weakest.
 */
export function basePrice(rarity: Rarity, index: number, count: number): number {
  const { minPrice, maxPrice } = RARITY_RULES[rarity];
  const t = count <= 1 ? 0 : index / (count - 1);
  const price = maxPrice * Math.pow(minPrice / maxPrice, t);
  return Math.round(price / 10) * 10;
}

/** Rarest first; unknown values last. */
export function rarityOrder(rarity: string): number {
  const i = (RARITIES as readonly string[]).indexOf(rarity);
  return i === -1 ? RARITIES.length : i;
}
