import { describe, expect, it } from 'vitest';
import { DomainError } from '@touchline/kit';
import { COIN_PACKAGES, findCoinPackage } from '../src/domain/coin-packages';
import { DEMO_PROMO_CODES } from '../src/domain/demo-promo-codes';
import { purchaseTerms } from '../src/domain/payments';
import {
  checkDefinition,
  mintSpecs,
  normalizeCode,
  PROMO_ALREADY_REDEEMED,
  PROMO_EXHAUSTED,
  PROMO_EXPIRED,
  refusal,
  splitCards,
  type PromoCodeDefinition,
} from '../src/domain/promo';
import {
  CARD_DECLINED,
  cardOutcome,
  EXPIRED_CARD,
  INCORRECT_NUMBER,
  NOT_A_TEST_CARD,
} from '../src/domain/test-cards';
import { NOTHING_PROMO } from './promo-support';

const now = new Date('2026-05-15T12:00:00Z');
const card = (number: string, expMonth = 12, expYear = 2030, cvc = '123') => ({
  number,
  expMonth,
  expYear,
  cvc,
});

describe('coin packages', () => {
  it('are the spec table: prices in cents, coins, one popular', () => {
    expect(COIN_PACKAGES.map((p) => [p.name, p.priceCents / 100, p.coins])).toEqual([
      ['Starter Stack', 11, 25_000],
      ['Rare Roll', 20, 50_000],
      ['Epic Edge', 33, 75_000],
      ['Legend Vault', 60, 150_000],
      ['Ultra Stack', 100, 250_000],
    ]);
    expect(COIN_PACKAGES.filter((p) => p.isPopular).map((p) => p.id)).toEqual(['rare-roll']);
    expect(findCoinPackage('nope')).toBeUndefined();
  });
});

describe('purchase terms from intent metadata', () => {
  const intent = (metadata: Record<string, string>, amount = 2_000) => ({
    id: 'pi_1',
    amount,
    currency: 'usd',
    metadata,
  });
  it('reads what the wallet wrote', () => {
    expect(purchaseTerms(intent({ userId: '7', packageId: 'rare-roll', coins: '50000' }))).toEqual({
      paymentIntentId: 'pi_1',
      userId: 7,
      packageId: 'rare-roll',
      coins: 50_000,
      amountCents: 2_000,
      currency: 'usd',
    });
  });
  it.each([
    [{}],
    [{ userId: '0', packageId: 'rare-roll', coins: '1' }],
    [{ userId: '7', packageId: '', coins: '1' }],
    [{ userId: '7', packageId: 'rare-roll', coins: '-5' }],
    [{ userId: '7', packageId: 'rare-roll', coins: '1.5' }],
    [{ userId: 'x', packageId: 'rare-roll', coins: '1' }],
  ])('refuses metadata it did not write: %j', (metadata) => {
    expect(purchaseTerms(intent(metadata as Record<string, string>))).toBeUndefined();
  });
});

describe("Stripe's test cards", () => {
  it('answers each test number as Stripe does', () => {
    expect(cardOutcome(card('4242424242424242'), now)).toEqual({ status: 'succeeded' });
    expect(cardOutcome(card('4242-4242-4242-4242'), now)).toEqual({ status: 'succeeded' });
    expect(cardOutcome(card('4000 0000 0000 0002'), now)).toEqual({
      status: 'requires_payment_method',
      error: CARD_DECLINED,
    });
    expect(cardOutcome(card('4000 0025 0000 3155'), now)).toEqual({ status: 'requires_action' });
    expect(cardOutcome(card('4111 1111 1111 1111'), now)).toMatchObject({ error: NOT_A_TEST_CARD });
  });
  it('checks the number (Luhn), the expiry month by month and the security code', () => {
    expect(cardOutcome(card('4242 4242 4242 4243'), now)).toMatchObject({ error: INCORRECT_NUMBER });
    expect(cardOutcome(card('4242'), now)).toMatchObject({ error: INCORRECT_NUMBER });
    // Good through the end of its month, in two- or four-digit years.
    expect(cardOutcome(card('4242424242424242', 5, 26), now)).toEqual({ status: 'succeeded' });
    expect(cardOutcome(card('4242424242424242', 4, 2026), now)).toMatchObject({ error: EXPIRED_CARD });
    expect(cardOutcome(card('4242424242424242', 0, 2030), now)).toMatchObject({
      status: 'requires_payment_method',
    });
    expect(cardOutcome(card('4242424242424242', 12, 2030, '12a'), now)).toMatchObject({
      status: 'requires_payment_method',
    });
  });
});

describe('promo codes', () => {
  const base: PromoCodeDefinition = { code: 'X', ...NOTHING_PROMO };

  it('normalises codes: trimmed, upper-case', () => {
    expect(normalizeCode('  welcome2026\n')).toBe('WELCOME2026');
  });

  it('refuses in the order expired, already redeemed, exhausted', () => {
    const state = { expiresAt: new Date('2026-05-15T12:00:00Z'), maxRedemptions: 1, redemptionsCount: 1 };
    expect(refusal(state, true, now)).toBe(PROMO_EXPIRED);
    expect(refusal({ ...state, expiresAt: null }, true, now)).toBe(PROMO_ALREADY_REDEEMED);
    expect(refusal({ ...state, expiresAt: null }, false, now)).toBe(PROMO_EXHAUSTED);
    expect(
      refusal({ expiresAt: null, maxRedemptions: null, redemptionsCount: 10 ** 6 }, false, now),
    ).toBeUndefined();
  });

  it('mints the single card first and splits the ids back the same way', () => {
    const reward = {
      ...base,
      cardPlayerId: 9,
      packs: [{ packId: 2, name: 'Rare Pack', quantity: 2 }],
      generated: { count: 3, rarity: 'Epic' as const },
    };
    expect(mintSpecs(reward)).toEqual([
      { playerId: 9, quantity: 1 },
      { packId: 2, quantity: 2 },
      { rarity: 'Epic', quantity: 3 },
    ]);
    expect(splitCards(reward, [5, 6, 7])).toEqual({ cardId: 5, generatedCardIds: [6, 7] });
    expect(splitCards({ ...reward, cardPlayerId: null }, [5, 6, 7])).toEqual({
      cardId: 0,
      generatedCardIds: [5, 6, 7],
    });
  });

  it('refuses definitions that could never be delivered', () => {
    for (const bad of [
      { ...base, coins: 0 },
      { ...base, code: 'lower', coins: 1 },
      { ...base, coins: 1, generated: { count: 1, rarity: 'Mythic' as never } },
      { ...base, packs: [{ packId: 1, name: 'Common Pack', quantity: 30 }] },
      { ...base, coins: 1, maxRedemptions: 0 },
    ])
      expect(() => checkDefinition(bad)).toThrow(DomainError);
    for (const demo of DEMO_PROMO_CODES) expect(checkDefinition(demo)).toBe(demo);
  });
});
