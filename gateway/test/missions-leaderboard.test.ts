import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BadgeDefinition,
  ClaimResult,
  LeaderboardEntry,
  Mission,
  MissionLists,
  User,
} from '@touchline/contract';
import { InProcessBus } from '@touchline/kit';
import {
  eventMessage,
  eventually as pollUntil,
  silentLogger,
  startTcpProxy,
  startTestService,
  type TcpProxy,
  type TestService,
} from '@touchline/kit/testing';
import type { EventInput } from '@touchline/protos';
import { identityService } from '@touchline/identity';
import { walletService } from '@touchline/wallet-payments';
import { leaderboardService } from '../../services/leaderboard/src/service';
import { missionsService } from '../../services/missions/src/service';
import { browser, expectError, PASSWORD, serveGateway, uniqueEmail, type ServedGateway } from './support';

// identity, the wallet, missions and the leaderboard on one event bus, and the gateway in front.
let bus: InProcessBus;
let services: TestService[];
/** Between missions and the wallet: a test can take the wallet away from missions. */
let walletLink: TcpProxy;
let gateway: ServedGateway | undefined;
let baseUrl: string;

beforeAll(async () => {
  bus = new InProcessBus(silentLogger);
  const wallet = await startTestService(walletService, { bus, env: { WELCOME_COINS: '0' } });
  const identity = await startTestService(identityService, { bus });
  walletLink = await startTcpProxy(wallet.service.address);
  const missions = await startTestService(missionsService, {
    bus,
    peers: { 'wallet-payments': walletLink.address },
  });
  const leaderboard = await startTestService(leaderboardService, { bus });
  services = [leaderboard, missions, identity, wallet];
  gateway = await serveGateway(
    {
      identity: identity.service.address,
      'wallet-payments': wallet.service.address,
      missions: missions.service.address,
      leaderboard: leaderboard.service.address,
    },
    // Parallel claims are the point here, not the per-user allowance.
    { config: { RATE_LIMIT_SCALE: '100' } },
  );
  baseUrl = gateway.baseUrl;
  // Four services' migrations on a shared two-core machine.
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  for (const s of services ?? []) await s.stop();
  await walletLink?.close();
});

/** Polls until `check` passes: events reach missions and the leaderboard through their relays. */
const eventually = <T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> =>
  pollUntil(check, timeoutMs, 50);

/** A registered player, signed in (signing in is what the 'Sign in today' mission counts). */
async function player(local: string) {
  const email = uniqueEmail(local);
  const agent = browser(baseUrl);
  const registered = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(registered.status, registered.text).toBe(201);
  const login = await agent.post('/api/login').send({ email, password: PASSWORD });
  expect(login.status, login.text).toBe(200);
  return { agent, user: login.body as User };
}

const SIGN_IN_TODAY = 1;
const BUY_A_CARD = 2;

let cardIds = 900_000;
/** A card minted to `userId` at `price`, as cards-market's relay would publish it. */
async function mint(userId: number, price: number) {
  const cardId = ++cardIds;
  const payload: EventInput<'cards.card.minted'> = {
    cardId,
    userId,
    playerId: cardId,
    playerName: 'Test Player',
    rarity: 'Common',
    editionNumber: 1,
    maxEditions: 5000,
    currentPrice: price,
    reason: 'admin',
    reference: `test-${cardId}`,
    mintedAt: new Date().toISOString(),
  };
  await bus.publish([eventMessage('cards.card.minted', String(cardId), payload)]);
}

describe('without a session', () => {
  it.each([
    ['get', '/api/missions'],
    ['get', '/api/missions/completed'],
    ['post', `/api/missions/${SIGN_IN_TODAY}/claim`],
    ['get', '/api/leaderboard'],
    ['get', '/api/badges'],
  ] as const)('%s %s answers 401', async (method, path) => {
    expectError(await request(baseUrl)[method](path), 401);
  });
});

describe('missions', () => {
  it('lists every badge with what earns it, for the locked ones of Achievements', async () => {
    const { agent } = await player('badge-reader');
    const res = await agent.get('/api/badges');
    expect(res.status, res.text).toBe(200);
    const badges = res.body as BadgeDefinition[];
    expect(badges.length).toBeGreaterThanOrEqual(5);
    expect(badges.find((b) => b.name === 'Pack Opener')).toEqual({
      name: 'Pack Opener',
      description: 'Opened your first pack',
      icon: 'sparkles',
      howToEarn: 'Open a card pack',
      // A new player has opened none (the starter pack is a gift, not an opened pack).
      progress: { current: 0, target: 1 },
    });
    expect(badges.every((b) => b.howToEarn.length > 0)).toBe(true);
  });

  it("lists this period's daily and weekly missions with the spec's fields", async () => {
    const { agent } = await player('lister');
    const res = await agent.get('/api/missions');
    expect(res.status, res.text).toBe(200);
    const { daily, weekly } = res.body as MissionLists;
    expect(daily.length).toBeGreaterThanOrEqual(5);
    expect(weekly.length).toBeGreaterThanOrEqual(4);
    const buy = daily.find((m) => m.id === BUY_A_CARD)!;
    expect(buy).toEqual({
      id: BUY_A_CARD,
      period: 'daily',
      description: 'Buy a card on the market',
      icon: 'shopping-cart',
      progress: 0,
      target: 1,
      reward: 200,
      claimed: false,
      completed: false,
      completedAt: null,
      claimedAt: null,
      resetsAt: expect.any(String),
    });
    expect(Date.parse(buy.resetsAt)).toBeGreaterThan(Date.now());
    expect(weekly.every((m) => m.period === 'weekly')).toBe(true);
  });

  it('pays a finished mission once under parallel claims, then lists it under completed', async () => {
    const { agent, user } = await player('claimer');
    const signIn = await eventually(async () => {
      const { body } = await agent.get('/api/missions');
      const mission = (body as MissionLists).daily.find((m) => m.id === SIGN_IN_TODAY)!;
      expect(mission.completed).toBe(true);
      return mission;
    });
    expect(signIn).toMatchObject({ progress: 1, claimed: false, completedAt: expect.any(String) });

    const keys = Array.from({ length: 5 }, () => randomUUID());
    const claims = await Promise.all(
      keys.map((key) =>
        agent.post(`/api/missions/${SIGN_IN_TODAY}/claim`).set('Idempotency-Key', key).send({}),
      ),
    );
    const statuses = claims.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const won = claims.find((r) => r.status === 200)!;
    const result = won.body as ClaimResult;
    expect(result).toMatchObject({
      reward: signIn.reward,
      coins: signIn.reward,
      message: expect.any(String),
    });
    expect(result.mission).toMatchObject({ id: SIGN_IN_TODAY, claimed: true, claimedAt: expect.any(String) });
    for (const refused of claims.filter((r) => r.status === 409))
      expectError(refused, 409, 'You have already claimed this mission');

    // A retry of the winning request answers the same claim and pays nothing more.
    const key = keys[claims.indexOf(won)]!;
    const retry = await agent
      .post(`/api/missions/${SIGN_IN_TODAY}/claim`)
      .set('Idempotency-Key', key)
      .send({});
    expect(retry.status, retry.text).toBe(200);
    expect((retry.body as ClaimResult).reward).toBe(signIn.reward);
    const balance = await agent.get('/api/user/balance');
    expect(balance.body).toEqual({ coins: signIn.reward, heldCoins: 0 });

    const completed = await agent.get('/api/missions/completed');
    expect(completed.status).toBe(200);
    expect((completed.body as Mission[]).map((m) => m.id)).toEqual([SIGN_IN_TODAY]);
    expect((completed.body as Mission[])[0]).toMatchObject({
      claimed: true,
      completedAt: expect.any(String),
    });

    const me = await agent.get('/api/user');
    expect(me.body).toMatchObject({ id: user.id, coins: signIn.reward, badge: expect.any(String) });
  });

  it('answers 202 while the wallet cannot pay, then the same key answers the claim, paid once', async () => {
    const { agent } = await player('patient');
    const signIn = await eventually(async () => {
      const { body } = await agent.get('/api/missions');
      const mission = (body as MissionLists).daily.find((m) => m.id === SIGN_IN_TODAY)!;
      expect(mission.completed).toBe(true);
      return mission;
    });
    const key = randomUUID();
    const claim = () =>
      agent.post(`/api/missions/${SIGN_IN_TODAY}/claim`).set('Idempotency-Key', key).send({});

    walletLink.set('down');
    try {
      const pending = await claim();
      expect(pending.status, pending.text).toBe(202);
      expect(pending.body).toEqual({ status: 'pending', message: expect.any(String) });
    } finally {
      walletLink.set('pass');
    }
    const settled = await eventually(async () => {
      const res = await claim();
      expect(res.status, res.text).toBe(200);
      return res.body as ClaimResult;
    });
    expect(settled).toMatchObject({ reward: signIn.reward, coins: signIn.reward });
    expect((await agent.get('/api/user/balance')).body).toEqual({ coins: signIn.reward, heldCoins: 0 });
  });

  it('refuses an unfinished mission (422), an unknown one (404) and bad ids (400), paying nothing', async () => {
    const { agent } = await player('refused');
    expectError(
      await agent.post(`/api/missions/${BUY_A_CARD}/claim`).send({}),
      422,
      'This mission is not finished yet',
    );
    expectError(await agent.post('/api/missions/999/claim').send({}), 404, 'Mission not found');
    expectError(await agent.post('/api/missions/abc/claim').send({}), 400);
    expectError(await agent.post(`/api/missions/${BUY_A_CARD}/claim`).send({ extra: 1 }), 400);
    expect((await agent.get('/api/user/balance')).body).toEqual({ coins: 0, heldCoins: 0 });
  });
});

describe('the leaderboard', () => {
  it('ranks collectors by value with usernames (never e-mails), and GET /api/user carries the rank', async () => {
    const low = await player('lowcollector');
    const high = await player('highcollector');
    const before = await low.agent.get('/api/user');
    expect(before.body).toMatchObject({ badge: 'Rookie', badges: [] });

    await mint(low.user.id, 300);
    await mint(high.user.id, 5_000);
    await mint(high.user.id, 1_000);
    const gone = 880_001;
    await mint(gone, 100_000);

    const board = await eventually(async () => {
      const res = await low.agent.get('/api/leaderboard');
      expect(res.status, res.text).toBe(200);
      const entries = res.body as LeaderboardEntry[];
      expect(entries.some((e) => e.user.id === low.user.id)).toBe(true);
      expect(entries.some((e) => e.user.id === gone)).toBe(true);
      return entries;
    });
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
    const mine = board.find((e) => e.user.id === low.user.id)!;
    const theirs = board.find((e) => e.user.id === high.user.id)!;
    expect(theirs).toEqual({
      user: { id: high.user.id, username: high.user.username },
      collectionValue: 6_000,
      cardCount: 2,
      rank: expect.any(Number),
    });
    expect(theirs.rank).toBeLessThan(mine.rank);
    expect(board.find((e) => e.user.id === gone)!.user.username).toBe(`User #${gone}`);
    expect(JSON.stringify(board)).not.toContain('@');

    const me = await eventually(async () => {
      const res = await high.agent.get('/api/user');
      expect(res.body).toMatchObject({ rank: theirs.rank, cardCount: 2, collectionValue: 6_000 });
      return res.body as User;
    });
    expect(me.email).toBe(high.user.email);
  });
});
