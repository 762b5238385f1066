import { describe, expect, it } from 'vitest';

import {
  defaultPackage,
  formatCardNumber,
  formatExpiry,
  formatUsd,
  moreCardsLabel,
  parseCardForm,
  searchForTab,
  tabFromSearch,
} from '@/lib/coins';
import { formatPercent, hasGlowCard, oddsSummary, packFailure, packTier } from '@/features/shop/utils';

import { coinPackages } from './economy-fixtures';

describe('coin purchase helpers', () => {
  it('reads and writes the tab parameter', () => {
    expect(tabFromSearch(new URLSearchParams('tab=redeem'))).toBe('redeem');
    expect(tabFromSearch(new URLSearchParams('tab=purchase'))).toBe('purchase');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('purchase');
    expect(searchForTab(new URLSearchParams('x=1'), 'redeem').toString()).toBe('x=1&tab=redeem');
    expect(searchForTab(new URLSearchParams('tab=redeem&x=1'), 'purchase').toString()).toBe('x=1');
  });

  it('picks the popular package first', () => {
    expect(defaultPackage(coinPackages)?.id).toBe('rare-roll');
    expect(defaultPackage(coinPackages.map((pkg) => ({ ...pkg, isPopular: false })))?.id).toBe(
      'starter-stack',
    );
    expect(defaultPackage([])).toBeUndefined();
  });

  it('formats dollars, card numbers and expiry dates as typed', () => {
    expect(formatUsd(20)).toBe('$20.00');
    expect(formatUsd(11.5)).toBe('$11.50');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0025 x')).toBe('4000 0025');
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/3')).toBe('12/3');
  });

  it('turns the card form into the confirm body, or says what is wrong', () => {
    expect(parseCardForm({ cardNumber: '4242 4242 4242 4242', expiry: '04/29', cvc: '123' })).toEqual({
      ok: true,
      card: { cardNumber: '4242424242424242', expMonth: 4, expYear: 2029, cvc: '123' },
    });
    expect(parseCardForm({ cardNumber: '4242', expiry: '13/29', cvc: '12' })).toEqual({
      ok: false,
      errors: {
        cardNumber: 'Enter a valid card number',
        expiry: 'Enter the expiry date as MM/YY',
        cvc: 'Enter the 3 or 4 digit CVC',
      },
    });
  });

  it("words the overflow of generated cards as the spec's '+ n more cards'", () => {
    expect(moreCardsLabel(2)).toBe('+ 2 more cards');
  });
});

describe('shop helpers', () => {
  it('chooses the pack art by name, Common by default', () => {
    expect(packTier('Common Pack')).toBe('Common');
    expect(packTier('Rare Pack')).toBe('Rare');
    expect(packTier('Epic Pack')).toBe('Epic');
    expect(packTier('Legendary Pack')).toBe('Legendary');
    expect(packTier('Ultra Legendary Pack')).toBe('Ultra Legendary');
    expect(packTier('Mystery Box')).toBe('Common');
  });

  it('writes the odds common first', () => {
    expect(
      oddsSummary([
        { rarity: 'Epic', percent: 3 },
        { rarity: 'Common', percent: 80 },
        { rarity: 'Rare', percent: 17 },
        { rarity: 'Legendary', percent: 0 },
      ]),
    ).toBe('80% Common · 17% Rare · 3% Epic');
    expect(formatPercent(0.5)).toBe('0.5%');
    expect(formatPercent(33.333)).toBe('33.33%');
  });

  it('glows for Legendary and Ultra Legendary cards only', () => {
    const card = (rarity: string) => ({ player: { rarity } });
    expect(hasGlowCard([card('Common'), card('Epic')])).toBe(false);
    expect(hasGlowCard([card('Common'), card('Legendary')])).toBe(true);
    expect(hasGlowCard([card('Ultra Legendary')])).toBe(true);
  });

  it('recognises the refunded-purchase body', () => {
    expect(packFailure({ success: false, message: 'Refunded', remainingCoins: 5, refunded: true })).toEqual({
      success: false,
      message: 'Refunded',
      remainingCoins: 5,
      refunded: true,
    });
    expect(packFailure({ success: false, message: 'Nope' })).toEqual({ success: false, message: 'Nope' });
    expect(packFailure({ message: 'Not enough coins to buy this pack' })).toBeNull();
    expect(packFailure({ success: false, message: '' })).toBeNull();
    expect(packFailure(undefined)).toBeNull();
  });
});
