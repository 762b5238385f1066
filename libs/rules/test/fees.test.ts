import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  afterTradeFee,
  saleFee,
  saleFeeAtRate,
  saleFeePercent,
  saleProceeds,
  TRADE_FEE_NOTE,
  TRADE_FEE_PERCENT,
  tradeFee,
} from '../src/fees';
import { isValidSellPrice, sellPriceBounds } from '../src/selling';

describe('sale fee (10% at or below the current price, 15% above)', () => {
  it('charges 10% up to the current price and 15% above it, rounded down', () => {
    expect(saleFeePercent(1_000, 1_000)).toBe(10);
    expect(saleFeePercent(1_001, 1_000)).toBe(15);
    expect(saleFee(999, 1_000)).toBe(99);
    expect(saleFee(1_001, 1_000)).toBe(150);
    expect(saleProceeds(999, 1_000)).toBe(900);
    expect(saleProceeds(1_500, 1_000)).toBe(1_275);
  });

  it('never charges more than the stated percent and the parts add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (p, c) => {
          const fee = saleFee(p, c);
          expect(fee * 100).toBeLessThanOrEqual(p * saleFeePercent(p, c));
          expect(fee + saleProceeds(p, c)).toBe(p);
        },
      ),
    );
  });
});

describe('trade fee (2.5%)', () => {
  it('gives the receiver floor(97.5%) in integers, so 1000 -> 975 exactly', () => {
    expect(afterTradeFee(1_000)).toBe(975);
    expect(afterTradeFee(1_001)).toBe(975);
    expect(afterTradeFee(40)).toBe(39);
    expect(tradeFee(1_000)).toBe(25);
    expect(afterTradeFee(0)).toBe(0);
    expect(afterTradeFee(-5)).toBe(0);
    expect(afterTradeFee(Number.NaN)).toBe(0);
  });

  it('words its note from the rate', () => {
    expect(TRADE_FEE_PERCENT).toBe(2.5);
    expect(TRADE_FEE_NOTE).toBe('2.5% transaction fee applies to coin transfers');
  });
});

describe('sell bounds (50%-150%)', () => {
  it('rounds the floor down and the ceiling up', () => {
    expect(sellPriceBounds(101)).toEqual({ min: 50, max: 152 });
    expect(sellPriceBounds(1_000)).toEqual({ min: 500, max: 1_500 });
  });

  it('accepts whole prices within the bounds only', () => {
    expect(isValidSellPrice(500, 1_000)).toBe(true);
    expect(isValidSellPrice(1_500, 1_000)).toBe(true);
    expect(isValidSellPrice(499, 1_000)).toBe(false);
    expect(isValidSellPrice(1_501, 1_000)).toBe(false);
    expect(isValidSellPrice(700.5, 1_000)).toBe(false);
    expect(isValidSellPrice(0, 0)).toBe(false);
  });
});

describe('selling rules, as the sell form shows them', () => {
  it('bounds the price to 50% rounded down and 150% rounded up of the current price', () => {
    expect(sellPriceBounds(1000)).toEqual({ min: 500, max: 1500 });
    expect(sellPriceBounds(1001)).toEqual({ min: 500, max: 1502 });
    expect(sellPriceBounds(99)).toEqual({ min: 49, max: 149 });
    expect(sellPriceBounds(1)).toEqual({ min: 0, max: 2 });
    expect(sellPriceBounds(148_501)).toEqual({ min: 74_250, max: 222_752 });
  });

  it('charges 10% at or below the current price and 15% above it', () => {
    expect(saleFeePercent(999, 1000)).toBe(10);
    expect(saleFeePercent(1000, 1000)).toBe(10);
    expect(saleFeePercent(1001, 1000)).toBe(15);
    expect(saleFeePercent(500, 1000)).toBe(10);
    expect(saleFeePercent(1500, 1000)).toBe(15);
  });

  it('rounds the fee down and subtracts it for the proceeds', () => {
    expect(saleFee(1000, 1000)).toBe(100);
    expect(saleFee(1239, 1300)).toBe(123); // 123.9
    expect(saleFee(1001, 1000)).toBe(150); // 150.15
    expect(saleFee(9, 10)).toBe(0); // 0.9
    expect(saleFee(1239, 1000)).toBe(185); // 185.85
    expect(saleProceeds(1239, 1300)).toBe(1116);
    expect(saleProceeds(1001, 1000)).toBe(851);
    expect(saleProceeds(1000, 1000)).toBe(900);
  });

  it('charges the rate fixed on the listing, whatever the current price is now', () => {
    expect(saleFeeAtRate(1001, 10)).toBe(100); // listed at 10%, the price fell below it since
    expect(saleFeeAtRate(1001, 15)).toBe(150);
    expect(saleFeeAtRate(9, 10)).toBe(0);
  });

  it('accepts only whole prices within the bounds', () => {
    expect(isValidSellPrice(500, 1000)).toBe(true);
    expect(isValidSellPrice(1500, 1000)).toBe(true);
    expect(isValidSellPrice(499, 1000)).toBe(false);
    expect(isValidSellPrice(1501, 1000)).toBe(false);
    expect(isValidSellPrice(750.5, 1000)).toBe(false);
    expect(isValidSellPrice(Number.NaN, 1000)).toBe(false);
    expect(isValidSellPrice(0, 1)).toBe(false);
  });
});

describe('trade fee, as the trade forms show it', () => {
  it('takes the 2.5% fee and rounds down', () => {
    expect(afterTradeFee(1000)).toBe(975);
    expect(afterTradeFee(41)).toBe(39);
    expect(afterTradeFee(40)).toBe(39);
    expect(afterTradeFee(1)).toBe(0);
    expect(afterTradeFee(0)).toBe(0);
    expect(afterTradeFee(1_000_000_000_000)).toBe(975_000_000_000);
  });
});
