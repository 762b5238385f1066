import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessBus, systemRandom } from '@touchline/kit';
import { eventMessage, silentLogger, startTestService, type TestService } from '@touchline/kit/src/testing';
import { identityService } from '@touchline/identity';
import { notificationsService } from '@touchline/notifications';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { createApp, liveHubOf } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { openEventStream, type OpenEventStream } from './sse-client';
import { gatewayConfig, listenLocally, UNREACHABLE } from './support';

// identity and notifications for real, on one bus; the gateway in front with its default limits.
let bus: InProcessBus;
let identity: TestService;
let notifications: TestService;
let clients: Clients;
let addresses: Record<Upstream, string>;
let app: ReturnType<typeof createApp>;
let gateway: { baseUrl: string; close(): Promise<void> };
let signer: Awaited<ReturnType<typeof createTokenSigner>>;
let nextUser = 1_000_000;
let nextIp = 0;

beforeAll(async () => {
  bus = new InProcessBus(silentLogger);
  identity = await startTestService(identityService, { bus });
  notifications = await startTestService(notificationsService, {
    bus,
    peers: { identity: identity.service.address },
  });
  const running: Partial<Record<Upstream, string>> = {
    identity: identity.service.address,
    notifications: notifications.service.address,
  };
  addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, running[u] ?? UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  clients = createClients(addresses, { defaultTimeoutMs: 10_000 });
  app = createApp({
    config: gatewayConfig(),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  gateway = await listenLocally(app);
  // Sessions without a sign-up each: tokens signed with identity's own key, as identity signs them.
  signer = await createTokenSigner(identity.database.db, systemRandom);
}, 120_000);

afterAll(async () => {
  if (app) liveHubOf(app).close();
  await gateway?.close();
  if (clients) closeClients(clients);
  for (const s of [notifications, identity]) await s?.stop();
});

/** A signed-in user's cookie (a fresh session of a user id no one else uses). */
async function session(userId = nextUser++): Promise<{ userId: number; cookie: string }> {
  const { token } = await signer.sign({ userId, sessionId: randomUUID(), isAdmin: false }, new Date(), 900);
  return { userId, cookie: `tl_session=${token}` };
}

const ip = () => `10.9.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;

const open = (user: { cookie: string }, from = ip(), baseUrl = gateway.baseUrl) =>
  openEventStream(`${baseUrl}/api/notifications/stream`, { cookie: user.cookie, 'X-Forwarded-For': from });

async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/**
 * A stream held open as cheaply as the test can (no parsing, just a socket): the crowd. Resolves
 * once the first event (`unread`) arrived.
 */
function hold(user: { cookie: string }, from: string): Promise<ClientRequest> {
  const url = new URL(`${gateway.baseUrl}/api/notifications/stream`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        agent: false,
        headers: { cookie: user.cookie, 'X-Forwarded-For': from, Accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.once('data', () => resolve(req));
        res.on('data', () => undefined);
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** `count` sequential bystander requests (the unread count: gateway, session, gRPC to notifications). */
async function bystanderLatencies(cookie: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${gateway.baseUrl}/api/notifications/unread-count`, {
      headers: { cookie, 'X-Forwarded-For': '10.200.0.1' },
    });
    await res.text();
    expect(res.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

let ticks = 0;
const tick = () =>
  bus.publish([
    eventMessage('market.prices.ticked', 'market', {
      tick: ++ticks,
      tickedAt: new Date().toISOString(),
      prices: Array.from({ length: 20 }, (_, i) => ({
        playerId: i + 1,
        price: 1_000 + ticks,
        previousPrice: 1_000,
        priceChange: 0.1,
      })),
    }),
  ]);

describe('live stream limits (real identity and notifications)', () => {
  it('a 6th stream of one user closes the 1st with `closed` (replaced); the other 5 stay open', async () => {
    const user = await session();
    const streams: OpenEventStream[] = [];
    for (let i = 0; i < 6; i++) {
      streams.push(await open(user));
      expect(streams[i]!.status).toBe(200);
      await eventually(() => expect(streams[i]!.events[0]?.event).toBe('unread'));
    }
    await streams[0]!.ended;
    expect(streams[0]!.events.at(-1)).toMatchObject({ event: 'closed' });
    expect(JSON.parse(streams[0]!.events.at(-1)!.data)).toMatchObject({ reason: 'replaced' });
    // The five newest still hear what is sent to everyone.
    await tick();
    for (const stream of streams.slice(1))
      await eventually(() => expect(stream.events.some((e) => e.event === 'prices')).toBe(true));
    expect(streams[0]!.events.some((e) => e.event === 'prices')).toBe(false);
    for (const stream of streams) stream.close();
  });

  it('a 51st stream from one address is refused with 429 {message} and Retry-After', async () => {
    const from = ip();
    const streams: OpenEventStream[] = [];
    for (let u = 0; u < 10; u++) {
      const user = await session();
      for (let i = 0; i < 5; i++) streams.push(await open(user, from));
    }
    expect(streams.map((s) => s.status)).toEqual(Array(50).fill(200));
    const refused = await open(await session(), from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.parse(refused.text!)).toEqual({ message: expect.any(String) });
    // Another address is not held back by this one.
    const elsewhere = await open(await session());
    expect(elsewhere.status).toBe(200);
    for (const stream of [...streams, elsewhere]) stream.close();
  });

  it("over a process's capacity answers 503 {message} with Retry-After", async () => {
    const small = createApp({
      config: gatewayConfig({ LIVE_STREAMS_CAPACITY: '3' }),
      clients,
      addresses,
      store: createMemoryStore(),
      logger: silentLogger,
    });
    const server = await listenLocally(small);
    try {
      const streams: OpenEventStream[] = [];
      for (let i = 0; i < 3; i++) streams.push(await open(await session(), ip(), server.baseUrl));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await open(await session(), ip(), server.baseUrl);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(JSON.parse(refused.text!)).toEqual({ message: expect.any(String) });
      streams[0]!.close();
      await eventually(() => expect(liveHubOf(small).size).toBe(2));
      const admitted = await open(await session(), ip(), server.baseUrl);
      expect(admitted.status).toBe(200);
      for (const stream of [...streams, admitted]) stream.close();
    } finally {
      liveHubOf(small).close();
      await server.close();
    }
  });

  it("one user's 5 streams and 1,000 other users' streams do not slow a bystander by 100 ms at p99", async () => {
    const bystander = await session();
    await bystanderLatencies(bystander.cookie, 20); // warm up
    const quiet = await bystanderLatencies(bystander.cookie, 100);

    const greedy = await session();
    const crowd: ClientRequest[] = [];
    const from = ip();
    for (let i = 0; i < 5; i++) crowd.push(await hold(greedy, from));
    const users = await Promise.all(Array.from({ length: 1_000 }, () => session()));
    for (let i = 0; i < users.length; i += 50)
      crowd.push(...(await Promise.all(users.slice(i, i + 50).map((u) => hold(u, ip())))));
    expect(crowd).toHaveLength(1_005);

    // While the crowd is held, ticks fan out to every stream and the greedy user's 5 get notifications.
    let fanning = true;
    const fanOut = (async () => {
      let offer = 0;
      while (fanning) {
        await tick();
        await bus.publish([
          eventMessage('trading.offer.created', String(++offer), {
            offerId: 900_000 + offer,
            fromUserId: bystander.userId,
            toUserId: greedy.userId,
            offeredCardIds: [1],
            offeredCoins: 0,
            requestedCardIds: [],
            requestedCoins: 0,
            wishId: 0,
            createdAt: new Date().toISOString(),
          }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();
    const crowded = await bystanderLatencies(bystander.cookie, 100);
    fanning = false;
    await fanOut;
    for (const req of crowd) req.destroy();

    const figures = (times: number[]) => ({
      p50: Math.round(percentile(times, 50) * 10) / 10,
      p99: Math.round(percentile(times, 99) * 10) / 10,
      max: Math.round(times.at(-1)! * 10) / 10,
    });
    console.warn(
      `bystander GET /api/notifications/unread-count (ms), 100 requests each: ` +
        `quiet ${JSON.stringify(figures(quiet))}; with 1,005 streams, a tick to all and an offer to the 5 every 500 ms ${JSON.stringify(figures(crowded))}`,
    );
    expect(percentile(crowded, 99) - percentile(quiet, 99)).toBeLessThanOrEqual(100);
  }, 120_000);
});
