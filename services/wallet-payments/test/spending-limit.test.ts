import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@touchline/kit';
import { changeLimit, limitAt, limitExceeded, RAISE_DELAY_MS } from '../src/domain/spending-limit';
import { confirmPayment } from '../src/use-cases/confirm-payment';
import { createPaymentIntent } from '../src/use-cases/create-payment-intent';
import { getSpendingLimit, getSpendingLimits, setSpendingLimit } from '../src/use-cases/spending-limit';
import { confirmTestPayment } from '../src/use-cases/test-payments';
import { card, CARD_OK, purchasesOf, testModeDeps, type TestModeDeps } from './payment-support';
import { refusal, startWallet, type StartedWallet } from './support';

const NOW = new Date('2026-11-10T15:00:00Z');
const HOUR = 3_600_000;

describe('limit changes (domain)', () => {
  it('a first limit and every lowering apply at once; raising and removing wait 24 hours', () => {
    const first = changeLimit({ limit: null }, 5_000, NOW);
    expect(first).toEqual({ limit: 5_000 });
    expect(changeLimit(first, 2_000, NOW)).toEqual({ limit: 2_000 });
    const raised = changeLimit(first, 9_000, NOW);
    expect(raised).toEqual({
      limit: 5_000,
      pending: { limit: 9_000, effectiveAt: new Date(NOW.getTime() + RAISE_DELAY_MS) },
    });
    expect(limitAt(raised, new Date(NOW.getTime() + RAISE_DELAY_MS - 1))).toEqual(raised);
    expect(limitAt(raised, new Date(NOW.getTime() + RAISE_DELAY_MS))).toEqual({ limit: 9_000 });
    const removed = changeLimit(first, null, NOW);
    expect(removed.limit).toBe(5_000);
    expect(removed.pending?.limit).toBeNull();
    // A lowering while a raise waits cancels the raise.
    expect(changeLimit(raised, 4_000, new Date(NOW.getTime() + HOUR))).toEqual({ limit: 4_000 });
  });
});

describe('spending limit on coin purchases', () => {
  let w: StartedWallet;
  let t: TestModeDeps;
  const clock = fixedClock(NOW);
  let nextUser = 500;
  let keys = 0;
  const key = () => `sl-${++keys}`;

  beforeAll(async () => {
    w = await startWallet({ WELCOME_COINS: '0' });
    t = testModeDeps(w.test.database.db, 'capture', clock);
  });
  afterAll(() => w.stop());

  const intent = (userId: number, packageId = 'rare-roll', amountCents = 2_000) =>
    createPaymentIntent(t.deps, { userId, packageId, amountCents, idempotencyKey: key() });

  async function purchase(userId: number, packageId = 'rare-roll', amountCents = 2_000) {
    const { paymentIntentId } = await intent(userId, packageId, amountCents);
    await confirmTestPayment(t.deps, { userId, paymentIntentId, ...card(CARD_OK) });
    await confirmPayment(t.deps, { userId, paymentIntentId, idempotencyKey: key() });
  }

  const setLimit = (userId: number, cents: number | null) =>
    setSpendingLimit(t.deps, {
      userId,
      hasLimit: cents !== null,
      monthlyLimitCents: cents ?? 0,
      idempotencyKey: key(),
    });

  it('refuses an intent that would pass the limit, with what is left', async () => {
    const user = ++nextUser;
    expect(await setLimit(user, 5_000)).toMatchObject({
      hasLimit: true,
      monthlyLimitCents: 5_000,
      remainingCents: 5_000,
    });
    await purchase(user);
    await purchase(user);
    const error = await refusal(intent(user));
    expect(error.code).toBe('business_rule');
    expect(error.message).toBe(limitExceeded(5_000, 4_000));
    expect(await purchasesOf(w.test.database.db, user)).toHaveLength(2);
    // Even the smallest package would pass it now.
    await expect(intent(user, 'starter-stack', 1_100)).rejects.toThrow(limitExceeded(5_000, 4_000));
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({
      spentThisMonthCents: 4_000,
      remainingCents: 1_000,
    });
  });

  it('lowering applies at once, also to an intent created before', async () => {
    const user = ++nextUser;
    const { paymentIntentId } = await intent(user);
    await setLimit(user, 1_000);
    const error = await refusal(
      confirmTestPayment(t.deps, { userId: user, paymentIntentId, ...card(CARD_OK) }),
    );
    expect(error.message).toBe(limitExceeded(1_000, 0));
    expect(await purchasesOf(w.test.database.db, user)).toHaveLength(0);
  });

  it('raising applies after 24 hours', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    await purchase(user);
    const raised = await setLimit(user, 10_000);
    expect(raised).toMatchObject({
      hasLimit: true,
      monthlyLimitCents: 2_000,
      hasPending: true,
      pendingHasLimit: true,
      pendingLimitCents: 10_000,
      pendingEffectiveAt: new Date(clock.now().getTime() + RAISE_DELAY_MS).toISOString(),
    });
    await expect(intent(user)).rejects.toThrow(limitExceeded(2_000, 2_000));
    clock.advance(RAISE_DELAY_MS - 1);
    await expect(intent(user)).rejects.toThrow(DomainError);
    clock.advance(1);
    await expect(intent(user)).resolves.toMatchObject({ amountCents: 2_000 });
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({
      monthlyLimitCents: 10_000,
      hasPending: false,
    });
    clock.set(NOW);
  });

  it('removing the limit also waits 24 hours; a retry of the same change does not restart the wait', async () => {
    const user = ++nextUser;
    await setLimit(user, 1_000);
    const order = { userId: user, hasLimit: false, monthlyLimitCents: 0, idempotencyKey: key() };
    const first = await setSpendingLimit(t.deps, order);
    clock.advance(HOUR);
    const again = await setSpendingLimit(t.deps, order);
    expect(again.pendingEffectiveAt).toBe(first.pendingEffectiveAt);
    await expect(intent(user)).rejects.toThrow(DomainError);
    clock.set(new Date(first.pendingEffectiveAt));
    await expect(intent(user)).resolves.toBeDefined();
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({ hasLimit: false, remainingCents: 0 });
    clock.set(NOW);
  });

  it('counts the New York calendar month only', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    clock.set('2026-10-31T23:00:00Z'); // still October 31 in New York
    await purchase(user);
    clock.set('2026-11-01T03:30:00Z'); // October 31, 23:30 in New York
    await expect(intent(user)).rejects.toThrow(DomainError);
    clock.set('2026-11-01T04:00:00Z'); // November 1, 00:00 in New York (EDT)
    await expect(intent(user)).resolves.toBeDefined();
    clock.set(NOW);
  });

  it('refuses a limit that is not a positive number of cents', async () => {
    for (const cents of [0, -1, 1.5, 10_000_001]) {
      const error = await refusal(
        setSpendingLimit(t.deps, {
          userId: 1,
          hasLimit: true,
          monthlyLimitCents: cents,
          idempotencyKey: key(),
        }),
      );
      expect(error.code).toBe('invalid');
    }
  });

  it('admins read many limits at once, one per user asked', async () => {
    const user = ++nextUser;
    await setLimit(user, 3_000);
    const { limits } = await getSpendingLimits(t.deps, [user, 999_999]);
    expect(limits).toEqual([
      expect.objectContaining({ userId: user, hasLimit: true, monthlyLimitCents: 3_000 }),
      expect.objectContaining({ userId: 999_999, hasLimit: false, updatedAt: '' }),
    ]);
  });
});
