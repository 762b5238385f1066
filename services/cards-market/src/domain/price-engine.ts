import { priceDraw, type PriceKey } from './price-draw';

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

/**
 * The next price of one player: a seeded random walk, plus net demand, plus a gentle pull toward
 * the base price, clamped to the band. The random part is the secret key's draw for (tick, player),
 * so nobody without the key can tell the next price from the current ones.
 */
export function nextPrice(inputs: PriceInputs, key: PriceKey, tick: number): number {
  const { current, base, netDemand } = inputs;
  const u = priceDraw(key, tick, inputs.playerId);
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
