import { describe, expect, it } from 'vitest';
import { cashOutDollars, coinsToDollars, COINS_PER_DOLLAR, MIN_CASH_OUT_COINS } from '../src/money';

describe('coins and dollars (2,273 coins = $1; cash-out pays 88%)', () => {
  it('converts at the Starter Stack rate', () => {
    expect(COINS_PER_DOLLAR).toBe(2273);
    expect(coinsToDollars(25_000)).toBe(10.99);
    expect(coinsToDollars(2_273)).toBe(1);
  });

  it('pays floor(coins / 2273 * 0.88 * 100) / 100', () => {
    expect(cashOutDollars(2_273)).toBe(0.88);
    expect(cashOutDollars(250_000)).toBe(96.78);
    expect(cashOutDollars(0)).toBe(0);
  });

  it('has a minimum cash-out of 12,920 coins, which pays $5.00', () => {
    expect(MIN_CASH_OUT_COINS).toBe(12_920);
    expect(cashOutDollars(MIN_CASH_OUT_COINS)).toBe(5);
  });
});
