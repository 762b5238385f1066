/** Listing a card on the market (docs/spec/game-spec.md#5-validation-rules, docs/design.md#5-cards-and-the-market). */

export const SELL_MIN_SHARE = 0.5;
export const SELL_MAX_SHARE = 1.5;

export interface PriceBounds {
  min: number;
  max: number;
}

/** The allowed listing prices: 50% of the current price rounded down to 150% rounded up. */
export function sellPriceBounds(currentPrice: number): PriceBounds {
  return { min: Math.floor(currentPrice * SELL_MIN_SHARE), max: Math.ceil(currentPrice * SELL_MAX_SHARE) };
}

/** Whether a price can be listed: a positive whole number of coins within the bounds. */
export function isValidSellPrice(price: number, currentPrice: number): boolean {
  const { min, max } = sellPriceBounds(currentPrice);
  return Number.isSafeInteger(price) && price > 0 && price >= min && price <= max;
}
