import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, systemClock, systemRandom, toHttpError } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { walletConfigSchema } from '../src/config';
import { PAYMENTS_MODE_REQUIRED } from '../src/domain/payment-mode';
import {
  AMOUNT_MISMATCH,
  INVALID_SIGNATURE,
  NOT_A_COIN_PURCHASE,
  PAYMENT_NOT_SUCCEEDED,
} from '../src/domain/payments';
import {
  AUTHENTICATION_FAILED,
  CARD_DECLINED,
  EXPIRED_CARD,
  INCORRECT_NUMBER,
} from '../src/domain/test-cards';
import { createPayments } from '../src/payments';
import { PAYMENTS_UNAVAILABLE } from '../src/payments/stripe-provider';
import { offlineStripe } from '../src/payments/offline-stripe';
import { getBalance } from '../src/use-cases/balances';
import { confirmPayment } from '../src/use-cases/confirm-payment';
import { createPaymentIntent } from '../src/use-cases/create-payment-intent';
import type { PaymentDeps } from '../src/use-cases/deps';
import { getPurchaseSummaries, getPurchaseSummary } from '../src/use-cases/purchase-summaries';
import { handleStripeWebhook } from '../src/use-cases/stripe-webhook';
import { authenticateTestPayment, confirmTestPayment } from '../src/use-cases/test-payments';
import {
  card,
  CARD_3DS,
  CARD_DECLINE,
  CARD_OK,
  paymentEvents,
  purchasesOf,
  testModeDeps,
  WEBHOOK_SECRET,
  type TestModeDeps,
} from './payment-support';
import type { StripeFake } from './stripe-fake';
import { expectLedgerOk, startStripeModeWallet, startWallet, type StartedWallet } from './support';

const rpcError = (code: status, details?: string) =>
  expect.objectContaining(details === undefined ? { code } : { code, details });

let keys = 0;
const key = () => `key-${++keys}`;
const RARE_ROLL = { packageId: 'rare-roll', amountCents: 2_000 };

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: { code: string; message: string }) => error,
  );
}

/** An intent of `userId` for the Rare Roll, straight through the use case. */
async function intentFor(deps: PaymentDeps, userId: number) {
  return createPaymentIntent(deps, { userId, ...RARE_ROLL, idempotencyKey: key() });
}

/** The event Stripe would send for this intent, signed with the webhook secret. */
function signedEvent(intent: object, eventId: string, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'payment_intent', ...intent } },
  });
  return {
    payload: Buffer.from(payload),
    signature: offlineStripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

describe('test mode (no STRIPE_SECRET_KEY)', () => {
  let w: StartedWallet;
  let t: TestModeDeps;

  beforeAll(async () => {
    w = await startWallet({
      WELCOME_COINS: '0',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      TEST_PAYMENTS_WEBHOOK_DELAY_MS: '0',
    });
    t = testModeDeps(w.test.database.db, 'capture');
  });
  afterAll(async () => {
    await w.stop();
  });

  it('lists the five coin packages of the spec, Rare Roll popular', async () => {
    const { packages } = await w.client.ListCoinPackages({});
    expect(packages.map((p) => [p.id, p.name, p.priceCents, p.coins, p.isPopular])).toEqual([
      ['starter-stack', 'Starter Stack', 1_100, 25_000, false],
      ['rare-roll', 'Rare Roll', 2_000, 50_000, true],
      ['epic-edge', 'Epic Edge', 3_300, 75_000, false],
      ['legend-vault', 'Legend Vault', 6_000, 150_000, false],
      ['ultra-stack', 'Ultra Stack', 10_000, 250_000, false],
    ]);
    expect(packages.every((p) => p.description.length > 0)).toBe(true);
  });

  it('refuses a tampered amount and an unknown package, and creates no intent', async () => {
    const before = await w.test.database.db('test_payment_intents').count({ n: '*' });
    await expect(
      w.client.CreatePaymentIntent({
        userId: 1,
        packageId: 'ultra-stack',
        amountCents: 100,
        idempotencyKey: key(),
      }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, AMOUNT_MISMATCH));
    await expect(
      w.client.CreatePaymentIntent({
        userId: 1,
        packageId: 'free-stack',
        amountCents: 0,
        idempotencyKey: key(),
      }),
    ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, 'Unknown coin package'));
    expect(await w.test.database.db('test_payment_intents').count({ n: '*' })).toEqual(before);
  });

  it('pays with 4242 end to end over gRPC: credited once, whichever of page and webhook comes first', async () => {
    const intent = await w.client.CreatePaymentIntent({ userId: 10, ...RARE_ROLL, idempotencyKey: 'pay-10' });
    expect(intent).toMatchObject({ amountCents: 2_000, coins: 50_000, testMode: true, publishableKey: '' });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_`));
    // The same key is the same intent (a double-clicked Buy).
    expect(
      (await w.client.CreatePaymentIntent({ userId: 10, ...RARE_ROLL, idempotencyKey: 'pay-10' }))
        .paymentIntentId,
    ).toBe(intent.paymentIntentId);

    const paid = await w.client.ConfirmTestPayment({
      userId: 10,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_OK),
    });
    expect(paid).toEqual({ status: 'succeeded', errorMessage: '', nextAction: '' });
    // The service's own webhook (delay 0) is on its way: the page races it.
    const confirmed = await w.client.ConfirmPayment({ userId: 10, paymentIntentId: intent.paymentIntentId });
    expect(confirmed).toMatchObject({ coins: 50_000, purchaseCoins: 50_000 });
    expect(confirmed.added + (confirmed.alreadyCredited ? 50_000 : 0)).toBe(50_000);
    await expect
      .poll(async () => (await w.test.database.db('stripe_events').count({ n: '*' }))[0])
      .toEqual({ n: 1 });

    expect(await w.client.GetBalance({ userId: 10 })).toMatchObject({ coins: 50_000 });
    expect(await purchasesOf(w.test.database.db, 10)).toHaveLength(1);
    expect(await paymentEvents(w.test.database.db, 10)).toHaveLength(1);
    await expectLedgerOk(w.deps);
  });

  it('the success page credits first; the webhook that follows credits nothing', async () => {
    const intent = await intentFor(t.deps, 11);
    await confirmTestPayment(t.deps, {
      userId: 11,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_OK),
    });
    const page = await confirmPayment(t.deps, {
      userId: 11,
      paymentIntentId: intent.paymentIntentId,
      idempotencyKey: 'success-1',
    });
    expect(page).toEqual({ added: 50_000, coins: 50_000, alreadyCredited: false, purchaseCoins: 50_000 });

    await t.deps.testPayments.webhooks.settle();
    const delivery = t.captured.pop()!;
    const webhook = await handleStripeWebhook(t.deps, delivery);
    expect(webhook).toMatchObject({ eventType: 'payment_intent.succeeded', handled: true });
    // Redelivered by "Stripe": the same event id is answered from its record.
    expect(await handleStripeWebhook(t.deps, delivery)).toEqual(webhook);
    // A retry of the call that credited (its Idempotency-Key) answers as that call did, the webhook
    // in between or not.
    expect(
      await confirmPayment(t.deps, {
        userId: 11,
        paymentIntentId: intent.paymentIntentId,
        idempotencyKey: 'success-1',
      }),
    ).toEqual(page);
    // The page reloaded (another key, or none): nothing more, but it still shows the purchase's coins.
    for (const idempotencyKey of ['success-2', '']) {
      expect(
        await confirmPayment(t.deps, { userId: 11, paymentIntentId: intent.paymentIntentId, idempotencyKey }),
      ).toEqual({ added: 0, coins: 50_000, alreadyCredited: true, purchaseCoins: 50_000 });
    }

    const [purchase] = await purchasesOf(t.deps.db, 11);
    expect(purchase).toMatchObject({
      payment_intent_id: intent.paymentIntentId,
      package_id: 'rare-roll',
      amount_cents: 2_000,
      coins: 50_000,
      via: 'confirm',
      confirm_key: 'success-1',
      livemode: false,
    });
    const events = await paymentEvents(t.deps.db, 11);
    expect(events).toEqual([
      expect.objectContaining({
        paymentIntentId: intent.paymentIntentId,
        userId: 11,
        packageId: 'rare-roll',
        coins: 50_000,
        amountCents: 2_000,
        currency: 'usd',
        via: 'confirm',
      }),
    ]);
    await expectLedgerOk(t.deps);
  });

  it('the webhook alone credits when the browser never comes back', async () => {
    const delivering = testModeDeps(t.deps.db, 'deliver');
    const intent = await intentFor(delivering.deps, 12);
    await confirmTestPayment(delivering.deps, {
      userId: 12,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_OK),
    });
    await delivering.deps.testPayments.webhooks.settle();
    expect((await getBalance(t.deps, 12)).coins).toBe(50_000);
    expect((await purchasesOf(t.deps.db, 12))[0]).toMatchObject({ via: 'webhook' });
    expect(
      await confirmPayment(t.deps, {
        userId: 12,
        paymentIntentId: intent.paymentIntentId,
        idempotencyKey: '',
      }),
    ).toEqual({ added: 0, coins: 50_000, alreadyCredited: true, purchaseCoins: 50_000 });
    await expectLedgerOk(t.deps);
  });

  it('a declined card (4000 0000 0000 0002) credits nothing', async () => {
    const intent = await intentFor(t.deps, 13);
    const declined = await confirmTestPayment(t.deps, {
      userId: 13,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_DECLINE),
    });
    expect(declined).toEqual({
      status: 'requires_payment_method',
      errorMessage: CARD_DECLINED,
      nextAction: '',
    });
    expect(
      await failure(
        confirmPayment(t.deps, { userId: 13, paymentIntentId: intent.paymentIntentId, idempotencyKey: '' }),
      ),
    ).toMatchObject({ code: 'business_rule', message: PAYMENT_NOT_SUCCEEDED });
    await t.deps.testPayments.webhooks.settle();
    expect(t.captured).toHaveLength(0);
    expect((await getBalance(t.deps, 13)).coins).toBe(0);
    expect(await purchasesOf(t.deps.db, 13)).toEqual([]);

    // The same intent can be paid with another card afterwards, as with Stripe.
    await confirmTestPayment(t.deps, {
      userId: 13,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_OK),
    });
    expect(
      (
        await confirmPayment(t.deps, {
          userId: 13,
          paymentIntentId: intent.paymentIntentId,
          idempotencyKey: '',
        })
      ).added,
    ).toBe(50_000);
    t.captured.length = 0;
  });

  it('4000 0025 0000 3155 needs the authentication step before it succeeds', async () => {
    const intent = await intentFor(t.deps, 14);
    const id = intent.paymentIntentId;
    expect(await confirmTestPayment(t.deps, { userId: 14, paymentIntentId: id, ...card(CARD_3DS) })).toEqual({
      status: 'requires_action',
      errorMessage: '',
      nextAction: 'authenticate',
    });
    expect(
      await failure(confirmPayment(t.deps, { userId: 14, paymentIntentId: id, idempotencyKey: '' })),
    ).toMatchObject({ message: PAYMENT_NOT_SUCCEEDED });

    // "Fail authentication" refuses the card; paying again and completing it succeeds.
    expect(
      await authenticateTestPayment(t.deps, {
        userId: 14,
        paymentIntentId: id,
        fail: true,
        idempotencyKey: '',
      }),
    ).toEqual({
      status: 'requires_payment_method',
      errorMessage: AUTHENTICATION_FAILED,
    });
    await confirmTestPayment(t.deps, { userId: 14, paymentIntentId: id, ...card(CARD_3DS) });
    expect(
      await authenticateTestPayment(t.deps, {
        userId: 14,
        paymentIntentId: id,
        fail: false,
        idempotencyKey: '',
      }),
    ).toEqual({
      status: 'succeeded',
      errorMessage: '',
    });
    // A second click changes nothing.
    expect(
      await authenticateTestPayment(t.deps, {
        userId: 14,
        paymentIntentId: id,
        fail: false,
        idempotencyKey: '',
      }),
    ).toMatchObject({
      status: 'succeeded',
    });
    expect(
      (await confirmPayment(t.deps, { userId: 14, paymentIntentId: id, idempotencyKey: '' })).added,
    ).toBe(50_000);
    await t.deps.testPayments.webhooks.settle();
    expect(t.captured).toHaveLength(1);
    t.captured.length = 0;
    await expectLedgerOk(t.deps);
  });

  it('checks the card form like Stripe: number, expiry, security code, test cards only', async () => {
    const intent = await intentFor(t.deps, 15);
    const pay = (fields: Partial<ReturnType<typeof card>>) =>
      confirmTestPayment(t.deps, {
        userId: 15,
        paymentIntentId: intent.paymentIntentId,
        ...card(CARD_OK),
        ...fields,
      });
    expect((await pay({ cardNumber: '4242 4242 4242 4241' })).errorMessage).toBe(INCORRECT_NUMBER);
    expect((await pay({ expYear: 2020 })).errorMessage).toBe(EXPIRED_CARD);
    expect((await pay({ expMonth: 13 })).errorMessage).toMatch(/expiration month/);
    expect((await pay({ cvc: '1' })).errorMessage).toMatch(/security code/);
    expect((await pay({ cardNumber: '4000 0000 0000 9995' })).errorMessage).toBe(
      'Your card has insufficient funds.',
    );
    expect((await pay({ cardNumber: '4111 1111 1111 1111' })).errorMessage).toMatch(/test cards/);
    expect((await getBalance(t.deps, 15)).coins).toBe(0);
  });

  it("refuses another user's intent, an unknown one, and a malformed id", async () => {
    const intent = await intentFor(t.deps, 16);
    const id = intent.paymentIntentId;
    expect(
      await failure(confirmTestPayment(t.deps, { userId: 17, paymentIntentId: id, ...card(CARD_OK) })),
    ).toMatchObject({
      code: 'forbidden',
    });
    await confirmTestPayment(t.deps, { userId: 16, paymentIntentId: id, ...card(CARD_OK) });
    expect(
      await failure(confirmPayment(t.deps, { userId: 17, paymentIntentId: id, idempotencyKey: '' })),
    ).toMatchObject({
      code: 'forbidden',
    });
    expect(
      await failure(
        confirmPayment(t.deps, { userId: 16, paymentIntentId: 'pi_test_nothing', idempotencyKey: '' }),
      ),
    ).toMatchObject({ code: 'not_found', message: 'Payment not found' });
    expect(
      await failure(
        confirmPayment(t.deps, { userId: 16, paymentIntentId: "pi_'; drop", idempotencyKey: '' }),
      ),
    ).toMatchObject({ code: 'invalid' });
    expect((await getBalance(t.deps, 17)).coins).toBe(0);
    t.captured.length = 0;
  });

  it('a webhook with a bad signature is refused and credits nothing', async () => {
    const intent = await intentFor(t.deps, 18);
    await confirmTestPayment(t.deps, {
      userId: 18,
      paymentIntentId: intent.paymentIntentId,
      ...card(CARD_OK),
    });
    await t.deps.testPayments.webhooks.settle();
    const genuine = t.captured.pop()!;
    const forged = signedEvent(
      {
        id: intent.paymentIntentId,
        amount: 2_000,
        currency: 'usd',
        status: 'succeeded',
        metadata: { userId: '18', packageId: 'rare-roll', coins: '50000' },
      },
      'evt_forged',
      'whsec_not_the_secret',
    );
    const tampered = {
      payload: Buffer.from(genuine.payload.toString().replace('50000', '99999')),
      signature: genuine.signature,
    };
    for (const bad of [
      forged,
      tampered,
      { payload: genuine.payload, signature: '' },
      { payload: genuine.payload, signature: 't=1,v1=00' },
    ])
      await expect(w.client.HandleStripeWebhook(bad)).rejects.toEqual(
        rpcError(status.INVALID_ARGUMENT, INVALID_SIGNATURE),
      );
    expect((await getBalance(t.deps, 18)).coins).toBe(0);
    expect(await t.deps.db('stripe_events').where({ event_id: 'evt_forged' })).toEqual([]);
    // The genuine event still credits (over gRPC, as the gateway sends it).
    expect(await w.client.HandleStripeWebhook(genuine)).toMatchObject({ handled: true });
    expect((await getBalance(t.deps, 18)).coins).toBe(50_000);
    await expectLedgerOk(t.deps);
  });

  it('ignores other event types and intents it did not create, acknowledging them', async () => {
    const other = signedEvent(
      { id: 'pi_test_other', amount: 500, currency: 'usd', status: 'succeeded', metadata: {} },
      'evt_other',
    );
    expect(await handleStripeWebhook(t.deps, other)).toEqual({
      eventId: 'evt_other',
      eventType: 'payment_intent.succeeded',
      handled: false,
    });
    const payload = JSON.stringify({
      id: 'evt_charge',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { object: 'charge' } },
    });
    const signature = offlineStripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await handleStripeWebhook(t.deps, { payload: Buffer.from(payload), signature })).toMatchObject({
      handled: false,
    });
  });

  it('sums completed purchases per user (cash-out rules)', async () => {
    for (const pkg of [
      { packageId: 'starter-stack', amountCents: 1_100 },
      { packageId: 'ultra-stack', amountCents: 10_000 },
    ]) {
      const intent = await createPaymentIntent(t.deps, { userId: 19, ...pkg, idempotencyKey: key() });
      await confirmTestPayment(t.deps, {
        userId: 19,
        paymentIntentId: intent.paymentIntentId,
        ...card(CARD_OK),
      });
      await confirmPayment(t.deps, {
        userId: 19,
        paymentIntentId: intent.paymentIntentId,
        idempotencyKey: '',
      });
    }
    // A declined attempt is no purchase.
    const declined = await createPaymentIntent(t.deps, { userId: 19, ...RARE_ROLL, idempotencyKey: key() });
    await confirmTestPayment(t.deps, {
      userId: 19,
      paymentIntentId: declined.paymentIntentId,
      ...card(CARD_DECLINE),
    });

    // The test provider's payments are test payments: counted apart from real money.
    const none = { purchaseCount: 0, totalCents: 0, testPurchaseCount: 0, testTotalCents: 0 };
    expect(await getPurchaseSummary(t.deps, 19)).toEqual({
      summary: { ...none, userId: 19, testPurchaseCount: 2, testTotalCents: 11_100 },
    });
    expect(await getPurchaseSummary(t.deps, 999)).toEqual({ summary: { ...none, userId: 999 } });
    expect(await getPurchaseSummaries(t.deps, [19, 999, 11])).toEqual({
      summaries: [
        { ...none, userId: 19, testPurchaseCount: 2, testTotalCents: 11_100 },
        { ...none, userId: 999 },
        { ...none, userId: 11, testPurchaseCount: 1, testTotalCents: 2_000 },
      ],
    });
    const all = await w.client.GetPurchaseSummaries({ userIds: [] });
    expect(all.summaries.map((s) => s.userId)).toEqual(
      [...all.summaries.map((s) => s.userId)].sort((a, b) => a - b),
    );
    expect(all.summaries).toContainEqual({
      ...none,
      userId: 19,
      testPurchaseCount: 2,
      testTotalCents: 11_100,
    });
    t.captured.length = 0;
  });

  describe('races', () => {
    let pools: TestModeDeps[];
    beforeAll(async () => {
      pools = [t, ...Array.from({ length: 3 }, () => testModeDeps(w.test.database.connect(), 'capture'))];
      // Open every connection first, so the racing transactions really overlap on Postgres.
      await Promise.all(pools.flatMap((p) => Array.from({ length: 8 }, () => p.deps.db.raw('select 1'))));
    });

    it('10 success-page calls and 10 webhook deliveries at once credit exactly once', async () => {
      const intent = await intentFor(t.deps, 20);
      const id = intent.paymentIntentId;
      await confirmTestPayment(t.deps, { userId: 20, paymentIntentId: id, ...card(CARD_OK) });
      await t.deps.testPayments.webhooks.settle();
      const event = t.captured.pop()!;
      // A second genuine event for the same intent (another endpoint's delivery) must not credit either.
      const twin = signedEvent(
        {
          id,
          amount: 2_000,
          currency: 'usd',
          status: 'succeeded',
          metadata: { userId: '20', packageId: 'rare-roll', coins: '50000' },
        },
        'evt_twin',
      );

      const calls = Array.from({ length: 20 }, (_, i) => {
        const deps = pools[i % pools.length]!.deps;
        if (i % 2 === 0) return confirmPayment(deps, { userId: 20, paymentIntentId: id, idempotencyKey: '' });
        return handleStripeWebhook(deps, i % 4 === 1 ? event : twin);
      });
      const results = await Promise.all(calls);
      const pages = results.filter((r) => 'added' in r);
      expect(pages.every((r) => r.coins === 50_000 && r.purchaseCoins === 50_000)).toBe(true);
      expect((await getBalance(t.deps, 20)).coins).toBe(50_000);
      expect(await purchasesOf(t.deps.db, 20)).toHaveLength(1);
      expect(await paymentEvents(t.deps.db, 20)).toHaveLength(1);
      const credits = await t.deps.db('transactions').where({ idempotency_key: `payment:${id}` });
      expect(credits).toHaveLength(1);
      await expectLedgerOk(t.deps);
    });
  });
});

describe('real Stripe mode (the stripe SDK against a Stripe-shaped fake)', () => {
  const SECRET_KEY = 'sk_test_touchline_fake';
  const STRIPE_SECRET = 'whsec_touchline_stripe_mode';
  let fake: StripeFake;
  let w: StartedWallet;

  let stripeMode: Awaited<ReturnType<typeof startStripeModeWallet>> | undefined;
  beforeAll(async () => {
    stripeMode = await startStripeModeWallet({ secretKey: SECRET_KEY, webhookSecret: STRIPE_SECRET });
    ({ fake, wallet: w } = stripeMode);
  });
  afterAll(() => stripeMode?.stop());

  it('creates the intent at Stripe with the package price and the purchase in its metadata', async () => {
    const intent = await w.client.CreatePaymentIntent({
      userId: 30,
      ...RARE_ROLL,
      idempotencyKey: 'stripe-1',
    });
    expect(intent).toMatchObject({
      paymentIntentId: expect.stringMatching(/^pi_fake/),
      clientSecret: expect.stringMatching(/_secret_/),
      amountCents: 2_000,
      coins: 50_000,
      testMode: false,
      publishableKey: 'pk_test_touchline_fake',
    });
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(sent.path).toBe('/v1/payment_intents');
    expect(sent.idempotencyKey).toBe('touchline:intent:30:stripe-1');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      amount: '2000',
      currency: 'usd',
      'metadata[userId]': '30',
      'metadata[packageId]': 'rare-roll',
      'metadata[coins]': '50000',
    });
  });

  it('credits once on confirmation after Stripe says succeeded; the webhook then credits nothing', async () => {
    const { paymentIntentId: id } = await w.client.CreatePaymentIntent({
      userId: 31,
      ...RARE_ROLL,
      idempotencyKey: 'stripe-2',
    });
    await expect(w.client.ConfirmPayment({ userId: 31, paymentIntentId: id })).rejects.toEqual(
      rpcError(status.FAILED_PRECONDITION, PAYMENT_NOT_SUCCEEDED),
    );
    fake.succeed(id);
    await expect(w.client.ConfirmPayment({ userId: 32, paymentIntentId: id })).rejects.toEqual(
      rpcError(status.PERMISSION_DENIED),
    );
    expect(await w.client.ConfirmPayment({ userId: 31, paymentIntentId: id })).toEqual({
      added: 50_000,
      coins: 50_000,
      alreadyCredited: false,
      purchaseCoins: 50_000,
    });
    expect(await w.client.HandleStripeWebhook(fake.signedEvent(id, STRIPE_SECRET))).toMatchObject({
      handled: true,
    });
    expect(await w.client.GetBalance({ userId: 31 })).toMatchObject({ coins: 50_000 });
    expect(await purchasesOf(w.test.database.db, 31)).toHaveLength(1);
    await expectLedgerOk(w.deps);
  });

  it('credits from the webhook alone, and refuses one signed with another secret', async () => {
    const { paymentIntentId: id } = await w.client.CreatePaymentIntent({
      userId: 33,
      ...RARE_ROLL,
      idempotencyKey: 'stripe-3',
    });
    fake.succeed(id);
    await expect(w.client.HandleStripeWebhook(fake.signedEvent(id, 'whsec_someone_else'))).rejects.toEqual(
      rpcError(status.INVALID_ARGUMENT, INVALID_SIGNATURE),
    );
    expect(await w.client.GetBalance({ userId: 33 })).toMatchObject({ coins: 0 });
    expect(await w.client.HandleStripeWebhook(fake.signedEvent(id, STRIPE_SECRET))).toMatchObject({
      handled: true,
    });
    expect(await w.client.ConfirmPayment({ userId: 33, paymentIntentId: id })).toMatchObject({
      added: 0,
      alreadyCredited: true,
      coins: 50_000,
    });
    await expectLedgerOk(w.deps);
  });

  /** payment_intent.succeeded for `intent` as the payload Stripe posts, signed at `timestamp` (seconds). */
  function signedAt(intent: object, eventId: string, timestamp = Math.floor(Date.now() / 1000)) {
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: timestamp,
      livemode: false,
      data: { object: intent },
    });
    const signature = offlineStripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_SECRET,
      timestamp,
    });
    return { payload: Buffer.from(payload), signature };
  }

  // Issue #29 item 9: with the signing secret, an event for an intent the wallet never created
  // credited 1,000,000 coins for 1 cent.
  it('credits no signed event for an intent the wallet did not create, nor its success page', async () => {
    const forged = {
      id: 'pi_fake_forged',
      object: 'payment_intent' as const,
      amount: 1,
      currency: 'usd',
      status: 'succeeded',
      client_secret: 'pi_fake_forged_secret',
      livemode: false,
      metadata: { userId: '34', packageId: 'ultra-stack', coins: '1000000' },
    };
    fake.intents.set(forged.id, forged);
    expect(await w.client.HandleStripeWebhook(signedAt(forged, 'evt_forged_1'))).toMatchObject({
      handled: false,
    });
    await expect(w.client.ConfirmPayment({ userId: 34, paymentIntentId: forged.id })).rejects.toEqual(
      rpcError(status.FAILED_PRECONDITION, NOT_A_COIN_PURCHASE),
    );
    expect(await w.client.GetBalance({ userId: 34 })).toMatchObject({ coins: 0 });
    expect(await purchasesOf(w.test.database.db, 34)).toEqual([]);
    // Redelivered, it is still refused: recorded unhandled, never credited.
    expect(await w.client.HandleStripeWebhook(signedAt(forged, 'evt_forged_1'))).toMatchObject({
      handled: false,
    });
    expect(await w.client.GetBalance({ userId: 34 })).toMatchObject({ coins: 0 });
    await expectLedgerOk(w.deps);
  });

  it('credits an intent it created only for the amount, package and coins it created it for', async () => {
    const { paymentIntentId: id } = await w.client.CreatePaymentIntent({
      userId: 35,
      ...RARE_ROLL,
      idempotencyKey: 'stripe-mismatch',
    });
    fake.succeed(id);
    const genuine = fake.intents.get(id)!;
    for (const [n, edit] of [
      { amount: 1 },
      { metadata: { ...genuine.metadata, coins: '1000000' } },
      { metadata: { ...genuine.metadata, packageId: 'ultra-stack', coins: '250000' }, amount: 10_000 },
      { metadata: { ...genuine.metadata, userId: '36' } },
      { currency: 'eur' },
    ].entries())
      expect(
        await w.client.HandleStripeWebhook(signedAt({ ...genuine, ...edit }, `evt_mismatch_${n}`)),
      ).toMatchObject({ handled: false });
    expect(await w.client.GetBalance({ userId: 35 })).toMatchObject({ coins: 0 });
    expect(await w.client.GetBalance({ userId: 36 })).toMatchObject({ coins: 0 });
    // The intent as created still credits its 50,000 coins, once.
    expect(await w.client.HandleStripeWebhook(signedAt(genuine, 'evt_mismatch_ok'))).toMatchObject({
      handled: true,
    });
    expect(await w.client.GetBalance({ userId: 35 })).toMatchObject({ coins: 50_000 });
    expect(await purchasesOf(w.test.database.db, 35)).toMatchObject([{ amount_cents: 2_000, coins: 50_000 }]);
    await expectLedgerOk(w.deps);
  });

  // A timestamp 600 s in the future was accepted: the SDK's tolerance covers the past only.
  it('accepts a signature timestamp only within 5 minutes either way', async () => {
    const { paymentIntentId: id } = await w.client.CreatePaymentIntent({
      userId: 37,
      ...RARE_ROLL,
      idempotencyKey: 'stripe-timestamps',
    });
    fake.succeed(id);
    const intent = fake.intents.get(id)!;
    const now = Math.floor(Date.now() / 1000);
    for (const [n, offset] of [600, 310, -600].entries())
      await expect(
        w.client.HandleStripeWebhook(signedAt(intent, `evt_time_${n}`, now + offset)),
      ).rejects.toEqual(rpcError(status.INVALID_ARGUMENT, INVALID_SIGNATURE));
    expect(await w.client.GetBalance({ userId: 37 })).toMatchObject({ coins: 0 });
    expect(await w.client.HandleStripeWebhook(signedAt(intent, 'evt_time_ok', now + 240))).toMatchObject({
      handled: true,
    });
    expect(await w.client.GetBalance({ userId: 37 })).toMatchObject({ coins: 50_000 });
  });

  it('stores each intent it creates, once, with what it was created for', async () => {
    const order = { userId: 38, ...RARE_ROLL, idempotencyKey: 'stripe-stored' };
    const first = await w.client.CreatePaymentIntent(order);
    const again = await w.client.CreatePaymentIntent(order);
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    expect(await w.test.database.db('payment_intents').where({ user_id: 38 })).toMatchObject([
      {
        id: first.paymentIntentId,
        package_id: 'rare-roll',
        amount_cents: expect.anything(),
        coins: expect.anything(),
        livemode: false,
      },
    ]);
  });

  it('answers an intent Stripe does not know NOT_FOUND, and has no test card form', async () => {
    await expect(w.client.ConfirmPayment({ userId: 31, paymentIntentId: 'pi_unknown' })).rejects.toEqual(
      rpcError(status.NOT_FOUND, 'Payment not found'),
    );
    await expect(
      w.client.ConfirmTestPayment({ userId: 31, paymentIntentId: 'pi_fake1', ...card(CARD_OK) }),
    ).rejects.toEqual(rpcError(status.NOT_FOUND));
    await expect(
      w.client.AuthenticateTestPayment({ userId: 31, paymentIntentId: 'pi_fake1' }),
    ).rejects.toEqual(rpcError(status.NOT_FOUND));
  });

  it('refuses to start with a secret key but no webhook secret or publishable key', async () => {
    const config = walletConfigSchema.parse({ STRIPE_SECRET_KEY: SECRET_KEY });
    await expect(
      createPayments(config, {
        db: w.test.database.db,
        clock: w.deps.clock,
        random: { next: Math.random, uuid: () => '', bytes: (n) => Buffer.alloc(n) },
        logger: w.deps.logger,
      }),
    ).rejects.toThrow(ConfigError);
    expect(() => walletConfigSchema.parse({ STRIPE_SECRET_KEY: 'pk_live_wrong_kind' })).toThrow();
  });
});

describe('payment mode (issue #29 item 4)', () => {
  const deps = () => ({
    db: undefined as never,
    clock: systemClock,
    random: systemRandom,
    logger: silentLogger,
  });
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_live_touchline_mode',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_touchline_mode',
    STRIPE_WEBHOOK_SECRET: 'whsec_touchline_mode',
  };

  it('refuses to start without a Stripe key unless PAYMENTS_MODE=test, naming the variables', async () => {
    for (const env of [{}, { PAYMENTS_MODE: 'live' }, { PAYMENTS_MODE: '' }]) {
      const config = walletConfigSchema.parse(env);
      const error = await createPayments(config, deps()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(PAYMENTS_MODE_REQUIRED);
      expect((error as Error).message).toMatch(/STRIPE_SECRET_KEY.*PAYMENTS_MODE=test/);
    }
    // The service itself, as stack mode and the chart start it.
    await expect(startWallet({ PAYMENTS_MODE: '' })).rejects.toThrow(/PAYMENTS_MODE=test/);
  });

  it('is test only when PAYMENTS_MODE=test says so, and live with a Stripe key otherwise', async () => {
    const test = await createPayments(walletConfigSchema.parse({ PAYMENTS_MODE: 'test' }), deps());
    expect({ mode: test.mode, provider: test.provider.mode }).toEqual({ mode: 'test', provider: 'test' });
    await test.test?.webhooks.close();
    const live = await createPayments(walletConfigSchema.parse(stripeKeys), deps());
    expect({ mode: live.mode, provider: live.provider.mode }).toEqual({ mode: 'live', provider: 'stripe' });
    const stripeTest = await createPayments(
      walletConfigSchema.parse({ ...stripeKeys, PAYMENTS_MODE: 'test' }),
      deps(),
    );
    expect(stripeTest.mode).toBe('test');
    expect(() => walletConfigSchema.parse({ PAYMENTS_MODE: 'real' })).toThrow();
  });
});

describe('real Stripe mode while Stripe cannot be reached', () => {
  let w: StartedWallet;
  beforeAll(async () => {
    w = await startWallet({
      WELCOME_COINS: '0',
      STRIPE_SECRET_KEY: 'sk_test_touchline_down',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_touchline_down',
      STRIPE_WEBHOOK_SECRET: 'whsec_touchline_down',
      // Nothing listens on port 1: every request fails to connect.
      STRIPE_API_BASE: 'http://127.0.0.1:1',
    });
  });
  afterAll(async () => {
    await w?.stop();
  });

  it('answers unavailable (HTTP 503 with Retry-After), never an internal error', async () => {
    const creating = await w.client
      .CreatePaymentIntent({ userId: 40, ...RARE_ROLL, idempotencyKey: 'down-1' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(toHttpError(creating)).toEqual({
      status: 503,
      body: { message: PAYMENTS_UNAVAILABLE },
      headers: { 'Retry-After': '2' },
    });
    const confirming = await w.client.ConfirmPayment({ userId: 40, paymentIntentId: 'pi_fake_down' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(toHttpError(confirming)).toMatchObject({ status: 503, body: { message: PAYMENTS_UNAVAILABLE } });
    expect(await w.client.GetBalance({ userId: 40 })).toMatchObject({ coins: 0 });
  });
});
