import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { identityService } from '../../services/identity/src/service';
import { walletService } from '../../services/wallet-payments/src/service';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { expectError, gatewayConfig, PASSWORD, randomIp, uniqueEmail, UNREACHABLE } from './support';

/** The player's cash-out and spending-limit routes: identity and a real wallet (test-mode payments) behind the gateway. */

const CARD_OK = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

let identity: TestService;
let wallet: TestService;
let clients: Clients;
let store: KeyValueStore;
let app: ReturnType<typeof createApp>;
let grants = 0;

beforeAll(async () => {
  identity = await startTestService(identityService);
  wallet = await startTestService(walletService, {
    env: { WELCOME_COINS: '0', TEST_PAYMENTS_WEBHOOK_DELAY_MS: '0' },
  });
  const addresses = Object.fromEntries(UPSTREAMS.map((name) => [name, UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  addresses.identity = identity.service.address;
  addresses['wallet-payments'] = wallet.service.address;
  clients = createClients(addresses, { defaultTimeoutMs: 5_000 });
  store = createMemoryStore();
  app = createApp({ config: gatewayConfig(), clients, addresses, store, logger: silentLogger });
});
afterAll(async () => {
  if (clients) closeClients(clients);
  await store?.close();
  await wallet?.stop();
  await identity?.stop();
});

async function signedUp(local = 'cashier') {
  const email = uniqueEmail(local);
  const agent = request.agent(app).set('X-Forwarded-For', randomIp());
  const res = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return { agent, email, userId: (res.body as { id: number }).id };
}
type Agent = Awaited<ReturnType<typeof signedUp>>['agent'];

/** One test-mode purchase of a package, paid with 4242 and credited through the success page. */
async function buy(agent: Agent, packageId = 'rare-roll', amount = 20) {
  const created = await agent.post('/api/create-payment-intent').send({ packageId, amount });
  expect(created.status, created.text).toBe(200);
  const { paymentIntentId } = created.body as { paymentIntentId: string };
  const paid = await agent.post(`/api/test-payments/${paymentIntentId}/confirm`).send(CARD_OK);
  expect(paid.body).toMatchObject({ status: 'succeeded' });
  const credited = await agent.post('/api/payment/success').send({ paymentIntentId });
  expect(credited.status, credited.text).toBe(200);
}

/** A player with `purchases` purchases of $20 (50,000 coins each). */
async function buyer(purchases = 3) {
  const player = await signedUp();
  for (let i = 0; i < purchases; i++) await buy(player.agent);
  return player;
}

const balance = async (agent: Agent) =>
  ((await agent.get('/api/user/balance')).body as { coins: number }).coins;

/** Everything a refused request must leave as it was: the balance, the requests and the ledger's balance. */
async function state(agent: Agent) {
  const requests = await agent.get('/api/cashout/requests');
  expect(requests.status).toBe(200);
  const ledger = await clients.wallet.VerifyLedger({});
  expect(ledger).toMatchObject({ ok: true, total: 0 });
  return { coins: await balance(agent), requests: requests.body as unknown[] };
}

/** A refusal: the status and exactly {message} (expectError's leak patterns would trip on '$5.00 at 88%'). */
function refusedWith(res: request.Response, status: number, message: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toEqual({ message });
}

const ask = (agent: Agent, body: object) => agent.post('/api/cashout/request').send(body);

describe('without a session', () => {
  it.each([
    ['get', '/api/cashout/eligibility'],
    ['post', '/api/cashout/request'],
    ['get', '/api/cashout/requests'],
    ['get', '/api/user/spending-limit'],
    ['put', '/api/user/spending-limit'],
  ] as const)('%s %s is 401', async (method, path) => {
    const res = await request(app)[method](path).set('X-Forwarded-For', randomIp()).send({});
    expectError(res, 401, 'Not signed in');
  });
});

describe('POST /api/cashout/request', () => {
  it('creates a pending request, sets the coins aside and lists it newest first with the cash in dollars', async () => {
    const { agent, email, userId } = await buyer();
    expect(await balance(agent)).toBe(150_000);

    const res = await agent
      .post('/api/cashout/request')
      .set('Idempotency-Key', 'cashout-first')
      .send({ coinsAmount: 100_000, paypalEmail: ' Me@PayPal.example ' });
    expect(res.status, res.text).toBe(201);
    const expected = {
      id: expect.any(Number),
      userId,
      user: { email },
      status: 'pending',
      coinsAmount: 100_000,
      cashAmount: 38.71, // floor(100000 / 2273 * 0.88 * 100) / 100
      paypalEmail: 'me@paypal.example',
      createdAt: expect.any(String),
      processedAt: null,
      reason: null,
    };
    expect(res.body).toEqual({ request: expected, coins: 50_000 });
    expect(await balance(agent)).toBe(50_000);

    // A retry of the same request (same key) is the same request, not a second one.
    const retry = await agent
      .post('/api/cashout/request')
      .set('Idempotency-Key', 'cashout-first')
      .send({ coinsAmount: 100_000, paypalEmail: ' Me@PayPal.example ' });
    expect(retry.status, retry.text).toBe(201);
    expect((retry.body as { request: { id: number } }).request.id).toBe(res.body.request.id);

    const mine = await agent.get('/api/cashout/requests');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([expected]);
    expect(await balance(agent)).toBe(50_000);
    expect(await clients.wallet.VerifyLedger({})).toMatchObject({ ok: true, total: 0 });

    const eligibility = await agent.get('/api/cashout/eligibility');
    expect(eligibility.body).toMatchObject({
      eligible: false,
      requestedThisMonth: true,
      nextRequestFrom: expect.any(String),
      coins: 50_000,
    });
  });

  it("lists only the user's own requests", async () => {
    const { agent } = await buyer();
    expect((await ask(agent, { coinsAmount: 20_000, paypalEmail: 'a@paypal.example' })).status).toBe(201);
    const other = await signedUp('other');
    expect((await other.agent.get('/api/cashout/requests')).body).toEqual([]);
  });

  it.each([
    [
      'a text amount',
      { coinsAmount: 'lots', paypalEmail: 'me@paypal.example' },
      /Please enter a valid coins amount/,
    ],
    [
      'a zero amount',
      { coinsAmount: 0, paypalEmail: 'me@paypal.example' },
      /Please enter a valid coins amount$/,
    ],
    [
      'a fractional amount',
      { coinsAmount: 13_000.5, paypalEmail: 'me@paypal.example' },
      /Please enter a valid coins amount$/,
    ],
    [
      'an unsafe amount',
      { coinsAmount: 2 ** 53, paypalEmail: 'me@paypal.example' },
      /Please enter a valid coins amount$/,
    ],
    [
      'a negative amount',
      { coinsAmount: -13_000, paypalEmail: 'me@paypal.example' },
      /Please enter a valid coins amount$/,
    ],
    ['no e-mail', { coinsAmount: 13_000 }, /Please enter a valid PayPal email address/],
    [
      'an e-mail without a domain',
      { coinsAmount: 13_000, paypalEmail: 'me@paypal' },
      /^Please enter a valid PayPal email address$/,
    ],
    [
      'another field',
      { coinsAmount: 13_000, paypalEmail: 'me@paypal.example', userId: 1 },
      /^Unexpected field: userId$/,
    ],
  ])('refuses %s with 400 and changes nothing', async (_name, body, message) => {
    const { agent } = await buyer(0);
    await clients.wallet.Grant({
      userId: (await agent.get('/api/user')).body.id,
      amount: 50_000,
      reason: 'promo',
      idempotencyKey: `grant-${++grants}`,
    });
    const before = await state(agent);
    const res = await ask(agent, body);
    expectError(res, 400);
    expect((res.body as { message: string }).message).toMatch(message);
    expect(await state(agent)).toEqual(before);
  });

  it('refuses each server-side rule with its own 422 message and changes nothing', async () => {
    const poor = await signedUp('poor');
    let before = await state(poor.agent);
    refusedWith(
      await ask(poor.agent, { coinsAmount: 12_919, paypalEmail: 'me@paypal.example' }),
      422,
      'Minimum cashout amount is 12,920 coins ($5.00 at 88% conversion rate)',
    );
    refusedWith(
      await ask(poor.agent, { coinsAmount: 12_920, paypalEmail: 'me@paypal.example' }),
      422,
      "You don't have enough coins for this cashout",
    );
    expect(await state(poor.agent)).toEqual(before);

    const two = await buyer(2);
    before = await state(two.agent);
    refusedWith(
      await ask(two.agent, { coinsAmount: 20_000, paypalEmail: 'me@paypal.example' }),
      422,
      'Cashouts require at least 3 completed coin purchases (you have 2)',
    );
    expect(await state(two.agent)).toEqual(before);

    // 150,000 bought for $60.00 plus 100,000 granted: 250,000 coins pay $96.78, more than was spent.
    const gifted = await buyer(3);
    await clients.wallet.Grant({
      userId: gifted.userId,
      amount: 100_000,
      reason: 'promo',
      idempotencyKey: `grant-${++grants}`,
    });
    before = await state(gifted.agent);
    refusedWith(
      await ask(gifted.agent, { coinsAmount: 250_000, paypalEmail: 'me@paypal.example' }),
      422,
      'Your total purchases ($60.00) must exceed the cashout amount ($96.78)',
    );
    expect(await state(gifted.agent)).toEqual(before);

    expect((await ask(gifted.agent, { coinsAmount: 20_000, paypalEmail: 'me@paypal.example' })).status).toBe(
      201,
    );
    before = await state(gifted.agent);
    const again = await ask(gifted.agent, { coinsAmount: 20_000, paypalEmail: 'me@paypal.example' });
    expect(again.status, again.text).toBe(422);
    expect((again.body as { message: string }).message).toMatch(
      /^You can request one cashout per month\. Your next request is possible from \w+ 1, \d{4}$/,
    );
    expect(await state(gifted.agent)).toEqual(before);
  });

  it('five requests at once (different keys): one is created, the others refused, the coins set aside once', async () => {
    const { agent } = await buyer();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        agent
          .post('/api/cashout/request')
          .set('Idempotency-Key', `race-${i}`)
          .send({ coinsAmount: 30_000, paypalEmail: 'racer@paypal.example' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422))
      expect((refused.body as { message: string }).message).toMatch(/^You can request one cashout per month/);
    expect(await balance(agent)).toBe(120_000);
    expect((await agent.get('/api/cashout/requests')).body).toHaveLength(1);
    expect(await clients.wallet.VerifyLedger({})).toMatchObject({ ok: true, total: 0 });
  });

  it('eligibility lists the unmet rules in the dollars of the page', async () => {
    const { agent } = await buyer(1);
    const res = await agent.get('/api/cashout/eligibility');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      eligible: false,
      reasons: expect.arrayContaining([expect.stringMatching(/at least 3/)]),
      minCoins: 12_920,
      minCash: 5,
      coinsPerDollar: 2273,
      payoutRate: 0.88,
      purchaseCount: 1,
      purchaseTotal: 20,
      requestedThisMonth: false,
      coins: 50_000,
      nextRequestFrom: null,
      requirements: [
        { id: 'minimum_balance', state: 'met', detail: null, needed: null },
        {
          id: 'purchases',
          state: 'unmet',
          detail: 'Cashouts require at least 3 completed coin purchases (you have 1)',
          needed: 2,
        },
        { id: 'purchase_total', state: 'met', detail: null, needed: null },
        { id: 'monthly', state: 'met', detail: null, needed: null },
        { id: 'platform_funds', state: 'met', detail: null, needed: null },
        { id: 'processing', state: 'not_applicable', detail: null, needed: null },
      ],
      maxCoins: 50_000,
    });
  });

  it('eligibility of a player with no purchases: both purchase rules unmet, with the dollars needed', async () => {
    const { agent } = await buyer(0);
    const res = await agent.get('/api/cashout/eligibility');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(
      (res.body as { requirements: { id: string }[] }).requirements.map((r) => [r.id, r]),
    );
    expect(byId.purchases).toMatchObject({ state: 'unmet', needed: 3 });
    expect(byId.purchase_total).toMatchObject({ state: 'unmet', needed: 5.01 });
    expect(res.body).toMatchObject({ eligible: false, maxCoins: 0 });
  });

  // Issue 43 item 5: the requirements follow the amount typed, so an amount the purchases do not back
  // fails the purchase line instead of every line staying ticked.
  it('eligibility for an amount: above what the purchases back, the purchase line fails with the dollars', async () => {
    const { agent } = await buyer(3);
    const within = await agent.get('/api/cashout/eligibility?coins=20000');
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ eligible: true });
    // 3 purchases of $20 back less than $60 of cash; 150,000 coins pay $58.07, so ask above the ceiling
    // by asking for more coins than the purchases back, not than the balance.
    const above = await agent.get('/api/cashout/eligibility?coins=160000');
    expect(above.status).toBe(200);
    const byId = Object.fromEntries(
      (above.body as { requirements: { id: string }[] }).requirements.map((r) => [r.id, r]),
    );
    expect(byId.purchase_total).toMatchObject({ state: 'unmet', needed: 1.95 });
    expect(above.body).toMatchObject({ eligible: false, maxCoins: 150_000 });
    for (const bad of ['abc', '0', '-5', '1.5'])
      refusedWith(
        await agent.get(`/api/cashout/eligibility?coins=${bad}`),
        400,
        'coins: Please enter a valid coins amount',
      );
  });
});

describe('/api/user/spending-limit', () => {
  it('starts without a limit, sets one at once, waits 24 hours to raise or remove it, lowers at once', async () => {
    const { agent } = await signedUp('limited');
    expect((await agent.get('/api/user/spending-limit')).body).toEqual({
      monthlyLimit: null,
      pending: null,
      spentThisMonth: 0,
      remaining: null,
    });

    const set = await agent.put('/api/user/spending-limit').send({ monthlyLimit: 50 });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ monthlyLimit: 50, pending: null, spentThisMonth: 0, remaining: 50 });

    await buy(agent);
    expect((await agent.get('/api/user/spending-limit')).body).toEqual({
      monthlyLimit: 50,
      pending: null,
      spentThisMonth: 20,
      remaining: 30,
    });

    const raised = await agent.put('/api/user/spending-limit').send({ monthlyLimit: 100.5 });
    expect(raised.body).toEqual({
      monthlyLimit: 50,
      pending: { monthlyLimit: 100.5, effectiveAt: expect.any(String) },
      spentThisMonth: 20,
      remaining: 30,
    });
    const wait =
      Date.parse((raised.body as { pending: { effectiveAt: string } }).pending.effectiveAt) - Date.now();
    expect(wait).toBeGreaterThan(23 * 3600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3600_000);

    const removed = await agent.put('/api/user/spending-limit').send({ monthlyLimit: null });
    expect(removed.body).toMatchObject({ monthlyLimit: 50, pending: { monthlyLimit: null } });

    const lowered = await agent.put('/api/user/spending-limit').send({ monthlyLimit: 30 });
    expect(lowered.body).toEqual({ monthlyLimit: 30, pending: null, spentThisMonth: 20, remaining: 10 });
  });

  it('a purchase that would pass the limit is refused with 422 and its message, and none is started', async () => {
    const { agent } = await signedUp('capped');
    await agent.put('/api/user/spending-limit').send({ monthlyLimit: 30 });
    await buy(agent);
    const refused = await agent
      .post('/api/create-payment-intent')
      .send({ packageId: 'rare-roll', amount: 20 });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body).toMatchObject({
      message:
        'This purchase would exceed your monthly spending limit of $30.00 ($20.00 spent this month, $10.00 left). You can change the limit in Settings.',
    });
    // $11 is still more than the $10 left; a raise waits 24 hours, so it does not help today.
    expect((await agent.post('/api/create-payment-intent').send({ amount: 11 })).status).toBe(422);
    await agent.put('/api/user/spending-limit').send({ monthlyLimit: 31 });
    expect((await agent.post('/api/create-payment-intent').send({ amount: 11 })).status).toBe(422);
    expect(await balance(agent)).toBe(50_000);
    // Without a limit in force (a fresh player) the same purchase starts.
    const free = await signedUp('free');
    expect((await free.agent.post('/api/create-payment-intent').send({ amount: 11 })).status).toBe(200);
  });

  it.each([
    [{ monthlyLimit: -5 }],
    [{ monthlyLimit: 0 }],
    [{ monthlyLimit: 'ten' }],
    [{ monthlyLimit: 10.005 }],
    [{ monthlyLimit: 1e9 }],
    [{}],
    [{ monthlyLimit: 10, userId: 1 }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const { agent } = await signedUp('typo');
    await agent.put('/api/user/spending-limit').send({ monthlyLimit: 40 });
    const res = await agent.put('/api/user/spending-limit').send(body);
    expectError(res, 400);
    expect((await agent.get('/api/user/spending-limit')).body).toMatchObject({
      monthlyLimit: 40,
      pending: null,
    });
  });
});
