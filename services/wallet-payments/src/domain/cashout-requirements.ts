import { cashOutCents, MIN_CASH_OUT_COINS } from '@touchline/rules';
import {
  alreadyThisMonth,
  BELOW_MINIMUM,
  ceilingTooLow,
  type EligibilitySituation,
  MIN_PURCHASES,
  PLATFORM_FUNDS_SHORT,
  purchasesTooLow,
  tooFewPurchases,
} from './cashout';

export type RequirementId =
  'minimum_balance' | 'purchases' | 'purchase_total' | 'monthly' | 'platform_funds' | 'processing';
export type RequirementState = 'met' | 'unmet' | 'not_applicable';

export interface CashoutRequirement {
  id: RequirementId;
  state: RequirementState;
  /** When unmet: the blocker in the page's words. */
  detail: string;
  /** When unmet: coins (minimum_balance), purchases (purchases) or cents (purchase_total); else 0. */
  needed: number;
}

const met = (id: RequirementId): CashoutRequirement => ({ id, state: 'met', detail: '', needed: 0 });
const unmet = (id: RequirementId, detail: string, needed = 0): CashoutRequirement => ({
  id,
  state: 'unmet',
  detail,
  needed,
});

/**
 * The form's requirements decided for this player, in the page's order, with the same messages as
 * checkCashoutRules. The amount-dependent rules (purchases above the cash, platform funds) are judged
 * for the amount typed, or at the smallest cash-out before one is (or below the minimum): then met
 * means some amount passes them, and maxCoins says which.
 */
export function cashoutRequirements(s: EligibilitySituation, amount = 0): CashoutRequirement[] {
  const cash = cashOutCents(Math.max(amount, MIN_CASH_OUT_COINS));
  const ceiling = s.purchaseTotalCents - s.cashedOutCents;
  return [
    s.balance >= MIN_CASH_OUT_COINS
      ? met('minimum_balance')
      : unmet('minimum_balance', BELOW_MINIMUM, MIN_CASH_OUT_COINS - s.balance),
    s.purchaseCount >= MIN_PURCHASES
      ? met('purchases')
      : unmet('purchases', tooFewPurchases(s.purchaseCount), MIN_PURCHASES - s.purchaseCount),
    ceiling > cash
      ? met('purchase_total')
      : unmet(
          'purchase_total',
          s.cashedOutCents === 0
            ? purchasesTooLow(s.purchaseTotalCents, cash)
            : ceilingTooLow(s.purchaseTotalCents, s.cashedOutCents, cash),
          cash - ceiling + 1,
        ),
    s.requestedThisMonth ? unmet('monthly', alreadyThisMonth(s.nextMonthStart)) : met('monthly'),
    s.platformFundsCents >= cash ? met('platform_funds') : unmet('platform_funds', PLATFORM_FUNDS_SHORT),
    { id: 'processing', state: 'not_applicable', detail: '', needed: 0 },
  ];
}

/**
 * The largest whole number of coins that passes the balance, the purchases less earlier cash-outs
 * (strictly above the cash) and the platform funds; 0 when even the minimum does not.
 */
export function maxCashoutCoins(s: EligibilitySituation): number {
  const cashLimit = Math.min(s.purchaseTotalCents - s.cashedOutCents - 1, s.platformFundsCents);
  const passes = (coins: number) => coins <= s.balance && cashOutCents(coins) <= cashLimit;
  if (!passes(MIN_CASH_OUT_COINS)) return 0;
  let low = MIN_CASH_OUT_COINS;
  let high = Math.max(low, s.balance);
  // cashOutCents grows with the coins, so the passing amounts are one run from the minimum.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (passes(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}
