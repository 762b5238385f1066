import { PRICE_RULES } from './price-engine';

/**
 * The market follows the pitch (issue 44, docs/features.md): a player's points in a scored matchday
 * become units of demand for the next price tick, as buys and listings do (each unit moves the
 * price 1%, and all demand of a tick together stays within ±8%, price-engine.ts). Every whole
 * `pointsPerUnit` points is one unit, toward zero, within [minUnits, maxUnits]: a hat trick moves a
 * forward's price about +4%, a red card about −1%, a player who just played not at all.
 */
export const PITCH_DEMAND = {
  pointsPerUnit: 3,
  maxUnits: 4,
  minUnits: -2,
} as const;

/** Units of demand for one player's matchday points. */
export function pitchDemandUnits(points: number): number {
  if (!Number.isFinite(points)) return 0;
  // "|| 0": no -0 units for a small negative score.
  const units = Math.trunc(points / PITCH_DEMAND.pointsPerUnit) || 0;
  return Math.min(PITCH_DEMAND.maxUnits, Math.max(PITCH_DEMAND.minUnits, units));
}

/** The price move those units alone would make at a tick (before noise, reversion and the band). */
export function pitchPriceMove(points: number): number {
  return pitchDemandUnits(points) * PRICE_RULES.demandImpactPerUnit;
}
