import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineStripe } from '../../services/wallet-payments/src/payments/offline-stripe';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { identityService } from '../../services/identity/src/service';
import { walletService } from '../../services/wallet-payments/src/service';
import { startStripeFake, type StripeFake } from '../../services/wallet-payments/test/stripe-fake';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { expectError, gatewayConfig, PASSWORD, randomIp, uniqueEmail, UNREACHABLE } from './support';

/** Coin purchase through the gateway: identity and a real wallet behind it, each in a mode of its own. */

const WEBHOOK_SECRET = 'whsec_gateway_tests';
const CARD_OK = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const CARD_DECLINE = { ...CARD_OK, cardNumber: '4000 0000 0000 0002' };
const CARD_3DS = { ...CARD_OK, cardNumber: '4000 0025 0000 3155' };

interface Economy {
  app: ReturnType<typeof createApp>;
  clients: Clients;
  wallet: TestService;
  close(): Promise<void>;
}

let identity: TestService;

async function economy(walletEnv: Record<string, string>): Promise<Economy> {
  const wallet = await startTestService(walletService, { env: { WELCOME_COINS: '0', ...walletEnv } });
  const addresses = Object.fromEntries(UPSTREAMS.map((name) => [name, UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  addresses.identity = identity.service.address;
  addresses['wallet-payments'] = wallet.service.address;
  const clients = createClients(addresses, { defaultTimeoutMs: 5_000 });
  const store = createMemoryStore();
  const app = createApp({ config: gatewayConfig(), clients, addresses, store, logger: silentLogger });
  return {
    app,
    clients,
    wallet,
    async close() {
      closeClients(clients);
      await store.close();
      await wallet.stop();
    },
  };
}

/** A signed-in browser of a new user. */
async function signedUp(e: Economy, local = 'buyer') {
  const agent = request.agent(e.app).set('X-Forwarded-For', randomIp());
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return { agent, userId: (res.body as { id: number }).id };
}

type Agent = Awaited<ReturnType<typeof signedUp>>['agent'];

const balance = async (agent: Agent) =>
  ((await agent.get('/api/user/balance')).body as { coins: number }).coins;

async function intent(agent: Agent, body: object = { packageId: 'rare-roll', amount: 20 }) {
  const res = await agent.post('/api/create-payment-intent').send(body);
  expect(res.status, res.text).toBe(200);
  return res.body as {
    paymentIntentId: string;
    clientSecret: string;
    testMode: boolean;
    publishableKey?: string;
  };
}

/** POSTs an event as Stripe does: raw JSON, its signature header, from another site, no cookies. */
function postWebhook(app: Economy['app'], payload: string, signature?: string) {
  const req = request(app)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Origin', 'https://hooks.stripe.com')
    .set('Sec-Fetch-Site', 'cross-site');
  if (signature !== undefined) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

function succeededEvent(paymentIntentId: string, userId: number, eventId: string) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount: 2_000,
        currency: 'usd',
        status: 'succeeded',
        livemode: false,
        metadata: { userId: String(userId), packageId: 'rare-roll', coins: '50000' },
      },
    },
  });
}
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  offlineStripe.webhooks.generateTestHeaderString({ payload, secret });

async function expectLedgerOk(e: Economy) {
  expect(await e.clients.wallet.VerifyLedger({})).toMatchObject({ ok: true, total: 0 });
}

beforeAll(async () => {
  identity = await startTestService(identityService);
});
afterAll(async () => {
  await identity?.stop();
});

describe('test mode', () => {
  let e: Economy;
  beforeAll(async () => {
    e = await economy({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, TEST_PAYMENTS_WEBHOOK_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await e?.close();
  });

  it('GET /api/coin-packages lists the five packages in dollars; signed-in only', async () => {
    const { agent } = await signedUp(e);
    const res = await agent.get('/api/coin-packages');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    expect(
      (res.body as { id: string; amount: number; coins: number; isPopular: boolean }[]).map((p) => [
        p.id,
        p.amount,
        p.coins,
        p.isPopular,
      ]),
    ).toEqual([
      ['starter-stack', 11, 25_000, false],
      ['rare-roll', 20, 50_000, true],
      ['epic-edge', 33, 75_000, false],
      ['legend-vault', 60, 150_000, false],
      ['ultra-stack', 100, 250_000, false],
    ]);
    expect(res.body[0]).toEqual({
      id: 'starter-stack',
      name: 'Starter Stack',
      amount: 11,
      coins: 25_000,
      description: expect.any(String),
      isPopular: false,
    });
    expectError(await request(e.app).get('/api/coin-packages'), 401, 'Not signed in');
  });

  it("creates an intent from a package (or the spec's bare amount) and refuses a tampered amount", async () => {
    const { agent } = await signedUp(e);
    const created = await intent(agent);
    expect(created).toEqual({
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_\w+$/),
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      amount: 20,
      coins: 50_000,
      testMode: true,
    });
    expect(await intent(agent, { amount: 60 })).toMatchObject({ amount: 60, coins: 150_000 });

    expectError(
      await agent.post('/api/create-payment-intent').send({ packageId: 'ultra-stack', amount: 1 }),
      400,
      'Amount does not match the package',
    );
    expectError(
      await agent.post('/api/create-payment-intent').send({ amount: 5 }),
      400,
      'No coin package costs this amount',
    );
    expectError(await agent.post('/api/create-payment-intent').send({ amount: '20' }), 400);
    expectError(await agent.post('/api/create-payment-intent').send({ amount: 20.001 }), 400);
    expectError(
      await agent.post('/api/create-payment-intent').send({ amount: 20, coins: 1e9 }),
      400,
      'Unexpected field: coins',
    );
  });

  it('pays with 4242 and credits once; a reload of the success page adds nothing more', async () => {
    const { agent } = await signedUp(e);
    const { paymentIntentId } = await intent(agent);
    const paid = await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ paymentIntentId, status: 'succeeded', nextAction: null, error: null });

    const first = await agent.post('/api/payment/success').send({ paymentIntentId });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ added: 50_000, coins: 50_000 });
    const again = await agent.post('/api/payment/success').send({ paymentIntentId });
    expect(again.body).toEqual({ added: 50_000, coins: 50_000, alreadyCredited: true });
    expect(await balance(agent)).toBe(50_000);
    await expectLedgerOk(e);
  });

  it('a $20 limit: a second intent while the first is open, and a charge past the limit, are 422 {message}', async () => {
    const { agent } = await signedUp(e, 'limited');
    const before = await intent(agent);
    const later = await intent(agent);
    const limited = await agent.put('/api/user/spending-limit').send({ monthlyLimit: 20 });
    expect(limited.status, limited.text).toBe(200);
    const open = await agent.post('/api/create-payment-intent').send({ packageId: 'rare-roll', amount: 20 });
    expect(open.status).toBe(422);
    expect(open.body).toMatchObject({
      message:
        'This purchase would exceed your monthly spending limit of $20.00 ($0.00 spent this month, ' +
        '$40.00 in payments not completed yet, $0.00 left). You can change the limit in Settings.',
    });
    const paid = await agent.post(`/api/test-payments/${before.paymentIntentId}/confirm`).send(CARD_OK);
    expect(paid.body).toMatchObject({ status: 'succeeded' });
    // Not credited yet when the second card is charged: refused all the same, and nothing charged.
    expectError(
      await agent.post(`/api/test-payments/${later.paymentIntentId}/confirm`).send(CARD_OK),
      422,
      'This purchase would exceed your monthly spending limit of $20.00 ($20.00 spent this month, ' +
        '$0.00 left). You can change the limit in Settings.',
    );
    expect(
      (await agent.post('/api/payment/success').send({ paymentIntentId: before.paymentIntentId })).status,
    ).toBe(200);
    expectError(
      await agent.post('/api/payment/success').send({ paymentIntentId: later.paymentIntentId }),
      422,
      'Payment has not succeeded',
    );
    expect(await balance(agent)).toBe(50_000);
    await expectLedgerOk(e);
  });

  it('a declined card (4000 0000 0000 0002) is a refusal, and the success page then credits nothing', async () => {
    const { agent } = await signedUp(e);
    const { paymentIntentId } = await intent(agent);
    const declined = await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_DECLINE);
    expect(declined.status).toBe(200);
    expect(declined.body).toEqual({
      paymentIntentId,
      status: 'requires_payment_method',
      nextAction: null,
      error: { message: 'Your card was declined.' },
    });
    expectError(
      await agent.post('/api/payment/success').send({ paymentIntentId }),
      422,
      'Payment has not succeeded',
    );
    expect(await balance(agent)).toBe(0);
  });

  it('4000 0025 0000 3155 needs the authenticate step before it succeeds', async () => {
    const { agent } = await signedUp(e);
    const { paymentIntentId } = await intent(agent);
    const pending = await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_3DS);
    expect(pending.body).toMatchObject({
      status: 'requires_action',
      nextAction: 'authenticate',
      error: null,
    });
    expectError(
      await agent.post('/api/payment/success').send({ paymentIntentId }),
      422,
      'Payment has not succeeded',
    );
    const authenticated = await agent.post(`/api/test-payments/${paymentIntentId}/authenticate`).send({});
    expect(authenticated.body).toEqual({
      paymentIntentId,
      status: 'succeeded',
      nextAction: null,
      error: null,
    });
    expect((await agent.post('/api/payment/success').send({ paymentIntentId })).body).toMatchObject({
      added: 50_000,
    });
    expect(await balance(agent)).toBe(50_000);
  });

  it("another user can neither pay nor claim someone's intent", async () => {
    const owner = await signedUp(e, 'owner');
    const thief = await signedUp(e, 'thief');
    const { paymentIntentId } = await intent(owner.agent);
    expectError(await thief.agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK), 403);
    await owner.agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK);
    expectError(await thief.agent.post('/api/payment/success').send({ paymentIntentId }), 403);
    expectError(
      await thief.agent.post('/api/payment/success').send({ paymentIntentId: 'pi_test_nope' }),
      404,
      'Payment not found',
    );
    expectError(await thief.agent.post('/api/payment/success').send({}), 400);
    expect(await balance(thief.agent)).toBe(0);
  });

  it('the webhook: a bad signature is 400 and credits nothing; a good one is 200 {received: true}', async () => {
    const { agent, userId } = await signedUp(e);
    const { paymentIntentId } = await intent(agent);
    // Paid at "Stripe" (the intent's status), but neither the page nor a valid webhook has reported it.
    await e.wallet.database
      .db('test_payment_intents')
      .where({ id: paymentIntentId })
      .update({ status: 'succeeded' });
    const payload = succeededEvent(paymentIntentId, userId, `evt_gw_${paymentIntentId}`);

    expectError(
      await postWebhook(e.app, payload, sign(payload, 'whsec_wrong')),
      400,
      'Invalid webhook signature',
    );
    expectError(
      await postWebhook(e.app, payload.replace('50000', '500000'), sign(payload)),
      400,
      'Invalid webhook signature',
    );
    expectError(await postWebhook(e.app, payload), 400, 'Missing Stripe-Signature header');
    expect(await balance(agent)).toBe(0);

    const ok = await postWebhook(e.app, payload, sign(payload));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ received: true });
    expect(await balance(agent)).toBe(50_000);
    // Stripe's retry of the same event: acknowledged, nothing more.
    expect((await postWebhook(e.app, payload, sign(payload))).status).toBe(200);
    expect(await balance(agent)).toBe(50_000);
    await expectLedgerOk(e);
  });

  it('the success page and webhooks racing credit exactly once', async () => {
    const { agent, userId } = await signedUp(e);
    const { paymentIntentId } = await intent(agent);
    // The card payment also sends the provider's own webhook (delay 0): a third racer.
    await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK);
    const payload = succeededEvent(paymentIntentId, userId, `evt_race_${paymentIntentId}`);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? agent.post('/api/payment/success').send({ paymentIntentId })
          : postWebhook(e.app, payload, sign(payload)),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balance(agent)).toBe(50_000);
    const purchases = await e.wallet.database.db('purchases').where({ payment_intent_id: paymentIntentId });
    expect(purchases).toHaveLength(1);
    await expectLedgerOk(e);
  });
});

describe('Stripe mode (the real SDK against a Stripe-shaped fake)', () => {
  const SECRET_KEY = 'sk_test_gateway_fake';
  const STRIPE_SECRET = 'whsec_gateway_stripe_mode';
  let fake: StripeFake;
  let e: Economy;
  beforeAll(async () => {
    fake = await startStripeFake(SECRET_KEY);
    e = await economy({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_gateway_fake',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      STRIPE_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await e?.close();
    await fake?.close();
  });

  it('answers the publishable key, has no test card form, and credits after Stripe succeeds', async () => {
    const { agent } = await signedUp(e);
    const created = await intent(agent);
    expect(created).toMatchObject({ testMode: false, publishableKey: 'pk_test_gateway_fake', amount: 20 });
    const { paymentIntentId } = created;

    expectError(await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK), 404);
    expectError(await agent.post(`/api/test-payments/${paymentIntentId}/authenticate`).send({}), 404);
    expectError(
      await agent.post('/api/payment/success').send({ paymentIntentId }),
      422,
      'Payment has not succeeded',
    );

    fake.succeed(paymentIntentId);
    const { payload, signature } = fake.signedEvent(paymentIntentId, STRIPE_SECRET);
    const [page, hook] = await Promise.all([
      agent.post('/api/payment/success').send({ paymentIntentId }),
      postWebhook(e.app, payload.toString(), signature),
    ]);
    expect(page.body).toMatchObject({ added: 50_000, coins: 50_000 });
    expect(hook.status).toBe(200);
    expect(await balance(agent)).toBe(50_000);
    await expectLedgerOk(e);
  });
});
