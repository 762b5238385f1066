import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, REASON_MAX_LENGTH } from '@touchline/contract';
import { eventually as pollUntil, silentLogger } from '@touchline/kit/testing';
import { MAX_REASON_LENGTH, UNDER_REVIEW } from '@touchline/rules';
import { grantAdmin } from '@touchline/identity/admin-email';
import { startAdmin, type AdminHarness } from '../../services/admin/test/support';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import {
  browser,
  expectError,
  gatewayConfig,
  PASSWORD,
  UNREACHABLE,
  uniqueEmail,
  listenLocally,
} from './support';

// Six real services behind the gateway on a machine shared with other work: slow to start, not timed.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

/** Not the default address, so the sign-in refusal is seen to carry the configured one. */
const APPEALS = 'appeals@touchline.test';

let h: AdminHarness;
let clients: Clients;
let listening: Awaited<ReturnType<typeof listenLocally>> | undefined;
let baseUrl: string;

type Agent = ReturnType<typeof browser>;

beforeAll(async () => {
  h = await startAdmin();
  const running: Partial<Record<Upstream, string>> = { ...h.addresses, admin: h.admin.service.address };
  const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, running[u] ?? UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  clients = createClients(addresses, { defaultTimeoutMs: 20_000 });
  const app = createApp({
    config: gatewayConfig({ RATE_LIMIT_SCALE: '100', APPEAL_EMAIL: APPEALS }),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  listening = await listenLocally(app);
  baseUrl = listening.baseUrl;
});
afterAll(async () => {
  await listening?.close();
  if (clients) closeClients(clients);
  await h?.stop();
});

/** A signed-in browser of a new account, once its welcome coins and starter cards have arrived. */
async function signedIn(local: string): Promise<{ agent: Agent; id: number; email: string }> {
  const email = uniqueEmail(local);
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const id = (res.body as { id: number }).id;
  await eventually(async () => expect(await h.cardsOf(id)).toHaveLength(3));
  return { agent, id, email };
}

const eventually = (check: () => Promise<void>, timeoutMs = 15_000): Promise<void> =>
  pollUntil(check, timeoutMs, 100);

describe('every /api/admin route: 401 anonymous, 403 for a player (nothing changed), 200 for an admin', () => {
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let player: Awaited<ReturnType<typeof signedIn>>;
  let target: Awaited<ReturnType<typeof signedIn>>;
  let cashoutId: number;
  let adminCardId: number;

  beforeAll(async () => {
    admin = await signedIn('admin');
    await grantAdmin(h.identity.database.db, admin.email);
    player = await signedIn('player');
    target = await signedIn('target');
    cashoutId = await h.pendingCashout('rich');
    adminCardId = (await h.cardsOf(admin.id))[0]!.id;
  });

  const routes: [string, (agent: Agent) => Promise<Response>][] = [
    ['GET /api/admin/cashout/requests', (a) => a.get('/api/admin/cashout/requests?status=pending')],
    [
      'POST /api/admin/cashout/:requestId/status',
      (a) => a.post(`/api/admin/cashout/${cashoutId}/status`).send({ status: 'processing' }),
    ],
    ['GET /api/admin/users', (a) => a.get('/api/admin/users')],
    [
      'POST /api/admin/users/:userId/ban',
      (a) => a.post(`/api/admin/users/${target.id}/ban`).send({ banned: false }),
    ],
    [
      'POST /api/admin/users/:userId/mute',
      (a) => a.post(`/api/admin/users/${target.id}/mute`).send({ muted: true }),
    ],
    ['GET /api/admin/users/:userId/flags', (a) => a.get(`/api/admin/users/${target.id}/flags`)],
    [
      'POST /api/admin/users/:userId/fraud-hold/clear',
      (a) => a.post(`/api/admin/users/${target.id}/fraud-hold/clear`).send({}),
    ],
    [
      'GET /api/admin/users/:userId/trade-history',
      (a) => a.get(`/api/admin/users/${target.id}/trade-history`),
    ],
    ['GET /api/admin/wallet', (a) => a.get('/api/admin/wallet')],
    ['GET /api/admin/collection-cards', (a) => a.get('/api/admin/collection-cards')],
    [
      'POST /api/admin/transfer-to-shop',
      (a) => a.post('/api/admin/transfer-to-shop').send({ cardIds: [adminCardId] }),
    ],
    ['GET /api/admin/audit-log', (a) => a.get('/api/admin/audit-log')],
  ];

  async function unchanged(): Promise<void> {
    const user = await h.peers.identity.GetUser({ userId: target.id });
    expect({ banned: user.banned, muted: user.muted }).toEqual({ banned: false, muted: false });
    expect((await h.peers.wallet.GetCashout({ requestId: cashoutId })).status).toBe('pending');
    expect(await h.cardsOf(admin.id)).toHaveLength(3);
    expect(await h.auditRows()).toEqual([]);
  }

  it.each(routes.map(([name]) => name))('%s refuses anonymous (401) and a player (403)', async (name) => {
    const send = routes.find(([n]) => n === name)![1];
    expectError(await send(browser(baseUrl)), 401);
    expectError(await send(player.agent), 403);
    await unchanged();
  });

  it('answers an admin on every route, with the shapes of the spec', async () => {
    const answers = new Map<string, Response>();
    for (const [name, send] of routes) {
      const res = await send(admin.agent);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      answers.set(name, res);
    }
    const pending = answers.get('GET /api/admin/cashout/requests')!.body as Record<string, unknown>[];
    expect(pending).toEqual([
      expect.objectContaining({
        id: cashoutId,
        status: 'pending',
        coinsAmount: 13_000,
        // floor(13000 / 2273 * 0.88 * 100) / 100
        cashAmount: 5.03,
        paypalEmail: 'rich@paypal.example',
        user: expect.objectContaining({ email: expect.stringContaining('rich@') }),
        processedAt: null,
        test: true,
        requester: expect.objectContaining({
          purchaseCount: 0,
          purchaseTotal: 0,
          testPurchaseCount: 3,
          testPurchaseTotal: 60,
        }),
      }),
    ]);
    expect(answers.get('POST /api/admin/cashout/:requestId/status')!.body).toMatchObject({
      id: cashoutId,
      status: 'processing',
    });
    const users = answers.get('GET /api/admin/users')!.body as Record<string, unknown>[];
    expect(users.find((u) => u.id === admin.id)).toMatchObject({ isAdmin: true, email: admin.email });
    expect(users.find((u) => u.id === player.id)).toMatchObject({
      isAdmin: false,
      banned: false,
      muted: false,
      purchaseTotal: 0,
      purchaseCount: 0,
      lastLoginAt: expect.any(String),
      flags: expect.any(Array),
    });
    expect(answers.get('POST /api/admin/users/:userId/mute')!.body).toMatchObject({
      id: target.id,
      muted: true,
    });
    expect(answers.get('GET /api/admin/users/:userId/flags')!.body).toMatchObject({
      userId: target.id,
      hold: { held: false, reason: null, heldAt: null, clearedAt: null, clearedByUserId: null },
    });
    // Nothing was held: clearing answers the state as it is.
    expect(answers.get('POST /api/admin/users/:userId/fraud-hold/clear')!.body).toEqual({
      held: false,
      reason: null,
      heldAt: null,
      clearedAt: null,
      clearedByUserId: null,
    });
    expect(answers.get('GET /api/admin/users/:userId/trade-history')!.body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect(answers.get('GET /api/admin/wallet')!.body).toEqual({
      profitWallet: expect.any(Number),
      coins: expect.any(Number),
    });
    const { cards } = answers.get('GET /api/admin/collection-cards')!.body as { cards: { id: number }[] };
    expect(cards.map((c) => c.id)).toContain(adminCardId);
    expect(answers.get('POST /api/admin/transfer-to-shop')!.body).toEqual({
      success: true,
      transferred: 1,
      remaining: 2,
      error: null,
    });
    const log = answers.get('GET /api/admin/audit-log')!.body as { items: { action: string }[] };
    expect(log.items.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'cashout.status',
        'user.unban',
        'user.mute',
        'cards.transfer_to_shop',
        'user.clear_fraud_hold',
      ]),
    );
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const auditBefore = await h.auditRows();
    expectError(
      await admin.agent.post(`/api/admin/cashout/${cashoutId}/status`).send({ status: 'paid' }),
      400,
    );
    expectError(await admin.agent.post('/api/admin/users/abc/ban').send({ banned: true }), 400);
    expectError(await admin.agent.post(`/api/admin/users/${target.id}/mute`).send({ muted: 'yes' }), 400);
    expectError(await admin.agent.post('/api/admin/transfer-to-shop').send({ cardIds: [] }), 400);
    expectError(
      await admin.agent.post('/api/admin/transfer-to-shop').send({ transferAllNonMessi: false }),
      400,
    );
    expectError(await admin.agent.get('/api/admin/cashout/requests?status=lost'), 400);
    // Issue 30: reasons are text, at most 200 characters once trimmed, and only on a rejection or a ban;
    // the contract's bound is the one the owning services apply.
    expect(REASON_MAX_LENGTH).toBe(MAX_REASON_LENGTH);
    for (const reason of ['x'.repeat(201), 42, ['a']])
      expectError(
        await admin.agent.post(`/api/admin/cashout/${cashoutId}/status`).send({ status: 'rejected', reason }),
        400,
      );
    expectError(
      await admin.agent
        .post(`/api/admin/cashout/${cashoutId}/status`)
        .send({ status: 'processing', reason: 'why not' }),
      400,
    );
    expectError(
      await admin.agent
        .post(`/api/admin/users/${target.id}/ban`)
        .send({ banned: true, reason: 'y'.repeat(201) }),
      400,
    );
    expectError(
      await admin.agent.post(`/api/admin/users/${target.id}/ban`).send({ banned: false, reason: 'sorry' }),
      400,
    );
    expect(await h.auditRows()).toEqual(auditBefore);
    expect(await h.cardsOf(admin.id)).toHaveLength(2);
  });
});

describe('a farming ring (security review, issue 40)', () => {
  it('holds the receiver (403 {message} on a coin offer and a cash-out) until an admin clears it', async () => {
    const admin = await signedIn('ring-admin');
    await grantAdmin(h.identity.database.db, admin.email);
    const collector = await signedIn('collector');
    const friend = await signedIn('friend');
    const friendName = ((await friend.agent.get('/api/user')).body as { username: string }).username;
    for (let i = 0; i < 3; i++) await h.buy(collector.id);
    await h.farmInto(collector.id, await Promise.all([1, 2, 3].map((i) => h.player(`farm${i}`))));
    const flags = `/api/admin/users/${collector.id}/flags`;
    await eventually(async () =>
      expect((await admin.agent.get(flags)).body).toMatchObject({ hold: { held: true } }),
    );
    const report = (await admin.agent.get(flags)).body as {
      flags: { code: string; message: string }[];
      hold: { reason: string; heldAt: string };
    };
    expect(report.hold.reason).toBe(report.flags.find((f) => f.code === 'new_account_ring')!.message);

    const [ownCard] = await h.cardsOf(collector.id);
    const coinOffer = () =>
      collector.agent
        .post('/api/trades/create')
        .send({ cardId: ownCard!.id, targetUser: friendName, coinOffer: 1_000 });
    const cashout = () =>
      collector.agent
        .post('/api/cashout/request')
        .send({ coinsAmount: 13_000, paypalEmail: 'c@paypal.example' });
    const coins = async () =>
      ((await collector.agent.get('/api/user/balance')).body as { coins: number }).coins;
    const before = await coins();
    expectError(await coinOffer(), 403, UNDER_REVIEW);
    expectError(await cashout(), 403, UNDER_REVIEW);
    expect(await coins()).toBe(before);

    const cleared = await admin.agent.post(`/api/admin/users/${collector.id}/fraud-hold/clear`).send({});
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body).toMatchObject({
      held: false,
      clearedByUserId: admin.id,
      clearedAt: expect.any(String),
    });
    const log = (await admin.agent.get('/api/admin/audit-log?action=user.clear_fraud_hold')).body as {
      items: { targetId: string; outcome: string }[];
    };
    expect(log.items.filter((e) => e.targetId === String(collector.id))).toEqual([
      expect.objectContaining({ outcome: 'ok' }),
    ]);

    const offered = await coinOffer();
    expect(offered.status, offered.text).toBeLessThan(300);
    const requested = await cashout();
    expect(requested.status, requested.text).toBe(201);
    expect(await coins()).toBe(before - 13_000);
  });
});

describe('a ban', () => {
  it("ends the banned user's live session on their next request", async () => {
    const admin = await signedIn('banner');
    await grantAdmin(h.identity.database.db, admin.email);
    const player = await signedIn('banned');
    expect((await player.agent.get('/api/user')).status).toBe(200);

    const res = await admin.agent.post(`/api/admin/users/${player.id}/ban`).send({ banned: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: player.id, banned: true });

    expectError(await player.agent.get('/api/user'), 401);
    expectError(await player.agent.get('/api/user/balance'), 401);
  });

  it('with a reason: trimmed and kept, and the player signing in reads it and where to appeal', async () => {
    const admin = await signedIn('reasoner');
    await grantAdmin(h.identity.database.db, admin.email);
    const player = await signedIn('suspended');
    const res = await admin.agent
      .post(`/api/admin/users/${player.id}/ban`)
      .send({ banned: true, reason: '  Selling accounts  ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: player.id, banned: true, banReason: 'Selling accounts' });
    const again = await browser(baseUrl).post('/api/login').send({ email: player.email, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({
      message: 'Your account is suspended. Reason: Selling accounts',
      appealEmail: APPEALS,
    });
    // As the contract says of the refusal.
    expect(api.auth.login.responses[403].parse(again.body)).toEqual(again.body);
    // A wrong password of the banned account is the plain 401: the address is only for the refusal.
    const wrong = await browser(baseUrl)
      .post('/api/login')
      .send({ email: player.email, password: 'not-it-1234' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toHaveProperty('appealEmail');
  });

  it('cannot touch an admin (403, nothing changed)', async () => {
    const admin = await signedIn('boss');
    await grantAdmin(h.identity.database.db, admin.email);
    const other = await signedIn('peer');
    await grantAdmin(h.identity.database.db, other.email);
    expectError(await admin.agent.post(`/api/admin/users/${other.id}/ban`).send({ banned: true }), 403);
    expect((await other.agent.get('/api/user')).status).toBe(200);
  });
});
