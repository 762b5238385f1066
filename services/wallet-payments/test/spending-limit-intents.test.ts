import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, fixedClock } from '@touchline/kit';
import { limitExceeded, OPEN_INTENT_HOLD_MS } from '../src/domain/spending-limit';
import { getBalance } from '../src/use-cases/balances';
import { createPaymentIntent } from '../src/use-cases/create-payment-intent';
import { getSpendingLimit, setSpendingLimit } from '../src/use-cases/spending-limit';
import { handleStripeWebhook } from '../src/use-cases/stripe-webhook';
import { confirmTestPayment } from '../src/use-cases/test-payments';
import { card, CARD_OK, purchasesOf, testModeDeps, type TestModeDeps } from './payment-support';
import type { StripeFake } from './stripe-fake';
import { expectLedgerOk, refusal, startStripeModeWallet, startWallet, type StartedWallet } from './support';

/**
 * Security review, issue 40 (A): open payment intents count against the monthly spending limit when
 * a purchase starts, the limit is decided again right before the card is charged, and both
 * decisions hold under concurrency.
 */

const NOW = new Date('2026-11-10T15:00:00Z');
const RARE_ROLL = { packageId: 'rare-roll', amountCents: 2_000 };
const STARTER = { packageId: 'starter-stack', amountCents: 1_100 };

let keys = 0;
const key = () => `sli-${++keys}`;

describe('spending limit and open payment intents (test mode)', () => {
  let w: StartedWallet;
  let t: TestModeDeps;
  let pools: TestModeDeps[];
  const clock = fixedClock(NOW);
  let nextUser = 700;

  beforeAll(async () => {
    w = await startWallet({ WELCOME_COINS: '0' });
    t = testModeDeps(w.test.database.db, 'capture', clock);
    pools = [
      t,
      ...Array.from({ length: 3 }, () => testModeDeps(w.test.database.connect(), 'capture', clock)),
    ];
    // Open every connection first, so the racing transactions really overlap on Postgres.
    await Promise.all(pools.flatMap((p) => Array.from({ length: 8 }, () => p.deps.db.raw('select 1'))));
  });
  afterAll(() => w.stop());

  const intent = (userId: number, pkg = RARE_ROLL, deps = t.deps) =>
    createPaymentIntent(deps, { userId, ...pkg, idempotencyKey: key() });
  const pay = (userId: number, paymentIntentId: string, deps = t.deps) =>
    confirmTestPayment(deps, { userId, paymentIntentId, ...card(CARD_OK) });
  const setLimit = (userId: number, cents: number) =>
    setSpendingLimit(t.deps, { userId, hasLimit: true, monthlyLimitCents: cents, idempotencyKey: key() });
  const testStatus = async (id: string) =>
    ((await t.deps.db('test_payment_intents').where({ id }).first()) as { status: string }).status;
  /** Delivers the captured webhooks, as the provider would have: the credits of what was charged. */
  async function deliverWebhooks() {
    // Each pool's provider captures the webhooks of the payments it confirmed.
    for (const pool of pools) {
      await pool.deps.testPayments.webhooks.settle();
      for (const delivery of pool.captured.splice(0)) await handleStripeWebhook(t.deps, delivery);
    }
  }

  it('an open intent holds its amount: a second and third intent of $20 under a $20 limit are refused', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    const first = await intent(user);
    for (let i = 0; i < 2; i++) {
      const error = await refusal(intent(user));
      expect(error.code).toBe('business_rule');
      expect(error.message).toBe(limitExceeded(2_000, 0, 2_000));
    }
    // Only the first can be paid: the refused ones were cancelled before reaching the browser.
    const refused = (await t.deps
      .db('payment_intents')
      .where({ user_id: user })
      .whereNotNull('closed_at')) as {
      id: string;
    }[];
    expect(refused).toHaveLength(2);
    for (const { id } of refused) {
      expect(await testStatus(id)).toBe('canceled');
      await expect(pay(user, id)).rejects.toThrow(DomainError);
    }
    await expect(pay(user, first.paymentIntentId)).resolves.toMatchObject({ status: 'succeeded' });
    await deliverWebhooks();
    expect(await purchasesOf(t.deps.db, user)).toHaveLength(1);
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({
      spentThisMonthCents: 2_000,
      remainingCents: 0,
    });
  });

  it('intents made before the limit are charged only while they fit, even before any credit', async () => {
    const user = ++nextUser;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await intent(user)).paymentIntentId);
    await setLimit(user, 2_000);
    // The webhooks are held back: nothing is credited yet when the next card is charged.
    await expect(pay(user, ids[0]!)).resolves.toMatchObject({ status: 'succeeded' });
    for (const id of ids.slice(1)) {
      const error = await refusal(pay(user, id));
      expect(error.code).toBe('business_rule');
      expect(error.message).toBe(limitExceeded(2_000, 2_000));
      expect(await testStatus(id)).toBe('canceled');
    }
    // The spent figure counts the charge before its credit.
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({ spentThisMonthCents: 2_000 });
    await deliverWebhooks();
    expect(await purchasesOf(t.deps.db, user)).toHaveLength(1);
    expect((await getBalance(t.deps, user)).coins).toBe(50_000);
    await expectLedgerOk(t.deps);
  });

  it('5 intents of $11 started at once under a $20 limit: exactly one is created', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => intent(user, STARTER, pools[i % pools.length]!.deps)),
    );
    const created = results.filter((r) => r.status === 'fulfilled');
    expect(created).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as DomainError).code).toBe('business_rule');
    const open = await t.deps
      .db('payment_intents')
      .where({ user_id: user })
      .whereNull('closed_at')
      .whereNull('charged_at');
    expect(open).toHaveLength(1);
  });

  it('5 intents of $11 made before a $20 limit and paid at once: exactly one card is charged', async () => {
    const user = ++nextUser;
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await intent(user, STARTER)).paymentIntentId);
    await setLimit(user, 2_000);
    const results = await Promise.allSettled(
      ids.map((id, i) => pay(user, id, pools[i % pools.length]!.deps)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const statuses = await Promise.all(ids.map(testStatus));
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'canceled')).toHaveLength(4);
    await deliverWebhooks();
    expect(await purchasesOf(t.deps.db, user)).toHaveLength(1);
    expect((await getBalance(t.deps, user)).coins).toBe(25_000);
    await expectLedgerOk(t.deps);
  });

  // Issue 43 item 6: the page marks the packages above what is left; it must agree with the decision.
  it("the player's remaining leaves out their open intents of the last hour, as a new intent's check does", async () => {
    const user = ++nextUser;
    await setLimit(user, 5_000);
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({ remainingCents: 5_000 });
    await intent(user);
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({
      spentThisMonthCents: 0,
      remainingCents: 3_000,
    });
    // What is left fits a new intent of exactly that much, and nothing more after it.
    await intent(user);
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({ remainingCents: 1_000 });
    await expect(intent(user)).rejects.toThrow(DomainError);
    clock.advance(OPEN_INTENT_HOLD_MS);
    expect(await getSpendingLimit(t.deps, user)).toMatchObject({ remainingCents: 5_000 });
    clock.set(NOW);
  });

  it('an intent left unpaid stops holding its amount after an hour, and is still checked when paid', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    const abandoned = await intent(user);
    clock.advance(OPEN_INTENT_HOLD_MS - 1);
    await expect(intent(user)).rejects.toThrow(limitExceeded(2_000, 0, 2_000));
    clock.advance(1);
    const next = await intent(user);
    await pay(user, next.paymentIntentId);
    // The old one can no longer be charged: the month is at its limit.
    await expect(pay(user, abandoned.paymentIntentId)).rejects.toThrow(limitExceeded(2_000, 2_000));
    await deliverWebhooks();
    expect(await purchasesOf(t.deps.db, user)).toHaveLength(1);
    clock.set(NOW);
  });
});

describe('spending limit with real Stripe (the stripe SDK against a Stripe-shaped fake)', () => {
  const SECRET_KEY = 'sk_test_touchline_limit';
  const STRIPE_SECRET = 'whsec_touchline_limit';
  let fake: StripeFake;
  let w: StartedWallet;
  let nextUser = 800;

  let stripeMode: Awaited<ReturnType<typeof startStripeModeWallet>> | undefined;
  beforeAll(async () => {
    stripeMode = await startStripeModeWallet({ secretKey: SECRET_KEY, webhookSecret: STRIPE_SECRET });
    ({ fake, wallet: w } = stripeMode);
  });
  afterAll(() => stripeMode?.stop());

  const create = (userId: number, pkg = RARE_ROLL) =>
    w.client.CreatePaymentIntent({ userId, ...pkg, idempotencyKey: key() });
  const setLimit = (userId: number, cents: number) =>
    w.client.SetSpendingLimit({ userId, hasLimit: true, monthlyLimitCents: cents, idempotencyKey: key() });
  const calls = (id: string, action: string) =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${id}/${action}`);

  it('creates intents for manual capture and refuses, and cancels, one that open intents push past the limit', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    const first = await create(user);
    expect(fake.intents.get(first.paymentIntentId)!.capture_method).toBe('manual');
    await expect(create(user)).rejects.toEqual(
      expect.objectContaining({ code: status.FAILED_PRECONDITION, details: limitExceeded(2_000, 0, 2_000) }),
    );
    const refused = [...fake.intents.values()].filter(
      (i) => i.metadata.userId === String(user) && i.id !== first.paymentIntentId,
    );
    expect(refused.map((i) => i.status)).toEqual(['canceled']);

    // The browser authorizes the card; the success page's call charges it (captures) and credits.
    fake.authorize(first.paymentIntentId);
    expect(
      await w.client.ConfirmPayment({ userId: user, paymentIntentId: first.paymentIntentId }),
    ).toMatchObject({
      added: 50_000,
      coins: 50_000,
    });
    expect(calls(first.paymentIntentId, 'capture')).toHaveLength(1);
    expect(calls(first.paymentIntentId, 'capture')[0]!.idempotencyKey).toBe(
      `touchline:capture:${first.paymentIntentId}`,
    );
    expect(fake.intents.get(first.paymentIntentId)!.status).toBe('succeeded');
  });

  it('an authorized payment past a limit lowered since is cancelled, never captured, from the page or the webhook', async () => {
    const user = ++nextUser;
    const a = await create(user, STARTER);
    const b = await create(user, STARTER);
    const c = await create(user, STARTER);
    await setLimit(user, 2_000);
    for (const id of [a, b, c].map((i) => i.paymentIntentId)) fake.authorize(id);

    await w.client.ConfirmPayment({ userId: user, paymentIntentId: a.paymentIntentId });
    await expect(
      w.client.ConfirmPayment({ userId: user, paymentIntentId: b.paymentIntentId }),
    ).rejects.toEqual(
      expect.objectContaining({ code: status.FAILED_PRECONDITION, details: limitExceeded(2_000, 1_100) }),
    );
    // The webhook of the third authorization is acknowledged, and neither charges nor credits it.
    const authorized = fake.signedEvent(
      c.paymentIntentId,
      STRIPE_SECRET,
      undefined,
      'payment_intent.amount_capturable_updated',
    );
    expect(await w.client.HandleStripeWebhook(authorized)).toMatchObject({ handled: false });
    expect(await w.client.HandleStripeWebhook(authorized)).toMatchObject({ handled: false });

    for (const id of [b, c].map((i) => i.paymentIntentId)) {
      expect(calls(id, 'capture')).toHaveLength(0);
      expect(fake.intents.get(id)!.status).toBe('canceled');
    }
    expect(await purchasesOf(w.test.database.db, user)).toHaveLength(1);
    expect(await w.client.GetBalance({ userId: user })).toMatchObject({ coins: 25_000 });
    await expectLedgerOk(w.deps);
  });

  it('the webhook alone captures an authorized payment that fits, then credits it once', async () => {
    const user = ++nextUser;
    await setLimit(user, 2_000);
    const { paymentIntentId: id } = await create(user);
    fake.authorize(id);
    const authorized = fake.signedEvent(
      id,
      STRIPE_SECRET,
      undefined,
      'payment_intent.amount_capturable_updated',
    );
    expect(await w.client.HandleStripeWebhook(authorized)).toMatchObject({ handled: true });
    expect(fake.intents.get(id)!.status).toBe('succeeded');
    expect(await w.client.HandleStripeWebhook(fake.signedEvent(id, STRIPE_SECRET))).toMatchObject({
      handled: true,
    });
    expect(await w.client.HandleStripeWebhook(authorized)).toMatchObject({ handled: true });
    expect(calls(id, 'capture')).toHaveLength(1);
    expect(await w.client.GetBalance({ userId: user })).toMatchObject({ coins: 50_000 });
    expect(await purchasesOf(w.test.database.db, user)).toHaveLength(1);
  });
});
