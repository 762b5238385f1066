import { seededRandom } from '@touchline/kit';

/** The price engine's constants (docs/design.md#5-cards-and-the-market), in one place. */
export const PRICE_RULES = {
  /** Largest random move per tick, as a fraction of the price (±2%). */
  volatility: 0.02,
  /** Move per unit of net demand (buys minus sells since the last tick). */
  demandImpactPerUnit: 0.01,
  /** Cap on the demand move per tick (±8%). */
  maxDemandImpact: 0.08,
  /** Pull back toward the base price per tick, as a fraction of the gap. */
  meanReversion: 0.02,
  /** Prices stay within [50%, 200%] of the base price. */
  floorOfBase: 0.5,
  ceilingOfBase: 2,
} as const;

export interface PriceInputs {
  playerId: number;
  current: number;
  base: number;
  netDemand: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** FNV-1a: a stable 32-bit seed from the engine seed, the tick and the player. */
function seedFor(seed: string, tick: number, playerId: number): number {
  let hash = 0x811c9dc5;
  for (const ch of `${seed}:${tick}:${playerId}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The next price of one player: a seeded random walk, plus net demand, plus a gentle pull toward
 * the base price, clamped to the band. The random part depends only on (seed, tick, player), so a
 * tick gives exactly the same prices whatever the order or the replica that computes it.
 */
export function nextPrice(inputs: PriceInputs, seed: string, tick: number): number {
  const { current, base, netDemand } = inputs;
  const u = seededRandom(seedFor(seed, tick, inputs.playerId)).next();
  const noise = (2 * u - 1) * PRICE_RULES.volatility;
  const demand = clamp(
    netDemand * PRICE_RULES.demandImpactPerUnit,
    -PRICE_RULES.maxDemandImpact,
    PRICE_RULES.maxDemandImpact,
  );
  const reversion = (PRICE_RULES.meanReversion * (base - current)) / current;
  const next = Math.round(current * (1 + noise + demand + reversion));
  return clamp(
    next,
    Math.max(1, Math.ceil(base * PRICE_RULES.floorOfBase)),
    Math.floor(base * PRICE_RULES.ceilingOfBase),
  );
}
