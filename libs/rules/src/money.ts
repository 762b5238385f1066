/**
 * Coins and dollars (docs/design.md#3-money-one-ledger): one conversion rate wherever coins are shown in dollars,
 * and cash-out pays 88% of it. The wallet decides with these and the page previews with them.
 */

/** 2,273 coins are worth one US dollar (the Starter Stack's rate). */
export const COINS_PER_DOLLAR = 2273;
/** A cash-out pays this percentage of the coins' dollar value; the rest is the platform's fee. */
export const CASH_OUT_PERCENT = 88;
/** CASH_OUT_PERCENT as a share (0.88). */
export const CASH_OUT_SHARE = CASH_OUT_PERCENT / 100;
/** The smallest cash-out: the first whole figure that pays $5.00 (docs/design.md#3-money-one-ledger). */
export const MIN_CASH_OUT_COINS = 12_920;

/** The dollar value of coins at the conversion rate, in cents rounded down (exact integer arithmetic). */
export function coinsToCents(coins: number): number {
  return Math.floor((coins * 100) / COINS_PER_DOLLAR);
}

/**
 * What a cash-out of `coins` pays in cents: floor(coins / 2273 * 0.88 * 100), computed as the integer
 * floor(coins * 88 / 2273), the same number in exact arithmetic, without the float error of 0.88 * 100.
 */
export function cashOutCents(coins: number): number {
  return Math.floor((coins * CASH_OUT_PERCENT) / COINS_PER_DOLLAR);
}

/** The dollar value of coins at the conversion rate, rounded down to the cent. */
export function coinsToDollars(coins: number): number {
  return coinsToCents(coins) / 100;
}

/** What a cash-out of `coins` pays in dollars, rounded down to the cent. */
export function cashOutDollars(coins: number): number {
  return cashOutCents(coins) / 100;
}

/** Coins a cash-out keeps as the platform's fee: 12%, the remainder of paying out floor(88%). */
export function cashOutFeeCoins(coins: number): number {
  return coins - Math.floor((coins * CASH_OUT_PERCENT) / 100);
}
