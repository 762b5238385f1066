import { describe, expect, it } from 'vitest';
import { basePrice, RARITIES, RARITY_RULES } from '../src/domain/rarity';
import { drawRarity, STARTER_PACK_WEIGHTS } from '../src/domain/starter-pack';
import { SEED_TEAMS, SEED_PLAYERS } from '../src/db/seed';
import { seededRandom } from '@touchline/kit';

describe('seed data and price bands', () => {
  it('holds the 30 teams and 858 players with the published rarity counts', () => {
    expect(SEED_TEAMS).toHaveLength(30);
    expect(SEED_PLAYERS).toHaveLength(858);
    const counts = Object.fromEntries(
      RARITIES.map((r) => [r, SEED_PLAYERS.filter((p) => p.rarity === r).length]),
    );
    expect(counts).toEqual({ 'Ultra Legendary': 17, Legendary: 43, Epic: 112, Rare: 257, Common: 429 });
    expect(SEED_PLAYERS.filter((p) => p.name === 'Lionel Messi')).toHaveLength(1);
  });

  it('puts the best-ranked player at the top of its band and the last at the bottom, descending in between', () => {
    for (const rarity of RARITIES) {
      const { minPrice, maxPrice } = RARITY_RULES[rarity];
      const prices = Array.from({ length: 40 }, (_, i) => basePrice(rarity, i, 40));
      expect(prices[0]).toBe(maxPrice);
      expect(prices[39]).toBe(minPrice);
      for (let i = 1; i < prices.length; i++) expect(prices[i]!).toBeLessThanOrEqual(prices[i - 1]!);
    }
  });

  it('draws starter rarities with the published weights', () => {
    const random = seededRandom(7);
    const draws = Array.from({ length: 20_000 }, () => drawRarity(STARTER_PACK_WEIGHTS, random));
    const rare = draws.filter((r) => r === 'Rare').length / draws.length;
    expect(rare).toBeGreaterThan(0.23);
    expect(rare).toBeLessThan(0.27);
    expect(new Set(draws)).toEqual(new Set(['Common', 'Rare']));
  });
});
