/**
 * Coins paid in a trade carry a 2.5% fee (design.md section 3): the receiver gets floor(amount * 0.975)
 * and the rest goes to platform:profit. Integer arithmetic, so no float ever rounds 975 down to 974.
 */
const RECEIVED_PER_MILLE = 975;

export function afterTradeFee(amount: number): number {
  return Math.floor((amount * RECEIVED_PER_MILLE) / 1000);
}

export function tradeFee(amount: number): number {
  return amount - afterTradeFee(amount);
}
