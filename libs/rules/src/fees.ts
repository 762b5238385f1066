/**
 * Fees (docs/design.md#3-money-one-ledger). Integer arithmetic throughout, so no float ever rounds 975 down to 974.
 */

/** A market sale listed at or below the player's current price pays this percent… */
export const SALE_FEE_PERCENT_AT_OR_BELOW = 10;
/** …and one listed above it this percent. */
export const SALE_FEE_PERCENT_ABOVE = 15;

/** The sale fee percent, decided when the card is listed (against the price at that moment). */
export function saleFeePercent(listingPrice: number, currentPrice: number): number {
  return listingPrice <= currentPrice ? SALE_FEE_PERCENT_AT_OR_BELOW : SALE_FEE_PERCENT_ABOVE;
}

/** The sale fee in coins, rounded down (the seller never pays more than the stated percent). */
export function saleFee(listingPrice: number, currentPrice: number): number {
  return saleFeeAtRate(listingPrice, saleFeePercent(listingPrice, currentPrice));
}

/** The fee of a sale at the rate fixed on its listing, rounded down as `saleFee`. */
export function saleFeeAtRate(listingPrice: number, feePercent: number): number {
  return Math.floor((listingPrice * feePercent) / 100);
}

/** What the seller receives when the card sells: the price minus the fee. */
export function saleProceeds(listingPrice: number, currentPrice: number): number {
  return listingPrice - saleFee(listingPrice, currentPrice);
}

/** Coins paid from one player to another in a trade carry 2.5%, kept in per mille to stay integral. */
export const TRADE_FEE_PER_MILLE = 25;
export const TRADE_FEE_PERCENT = TRADE_FEE_PER_MILLE / 10;
export const TRADE_FEE_NOTE = `${TRADE_FEE_PERCENT}% transaction fee applies to coin transfers`;

/** What the receiver of a coin transfer gets: floor(amount * 0.975); nothing for no or bad amounts. */
export function afterTradeFee(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.floor((Math.floor(amount) * (1000 - TRADE_FEE_PER_MILLE)) / 1000);
}

/** The trade fee in coins (to platform:profit). */
export function tradeFee(amount: number): number {
  return amount - afterTradeFee(amount);
}
