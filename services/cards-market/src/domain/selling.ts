/** Selling rules (game-spec section 5, design.md section 3). */

/** The allowed listing prices: 50% of the current price rounded down to 150% rounded up. */
export function priceBounds(currentPrice: number): { min: number; max: number } {
  return { min: Math.floor(currentPrice * 0.5), max: Math.ceil(currentPrice * 1.5) };
}

/** 10% when listed at or below the current price, 15% above it. */
export function feePercent(listingPrice: number, currentPrice: number): number {
  return listingPrice <= currentPrice ? 10 : 15;
}

/** The fee in coins, rounded down (the seller never pays more than the stated percent). */
export function saleFee(listingPrice: number, currentPrice: number): number {
  return Math.floor((listingPrice * feePercent(listingPrice, currentPrice)) / 100);
}
