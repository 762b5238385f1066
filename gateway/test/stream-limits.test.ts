import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type InProcessBus, systemRandom } from '@touchline/kit';
import { eventMessage, silentLogger, type TestService } from '@touchline/kit/testing';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { createApp, liveHubOf } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import type { Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { openEventStream, type OpenEventStream } from './sse-client';
import { gatewayConfig, listenLocally, startLiveUpstreams, type LiveUpstreams } from './support';

// identity and notifications for real, on one bus; the gateway in front with its default limits.
let live: LiveUpstreams;
let bus: InProcessBus;
let identity: TestService;
let clients: Clients;
let addresses: Record<Upstream, string>;
let app: ReturnType<typeof createApp>;
let gateway: { baseUrl: string; close(): Promise<void> };
let signer: Awaited<ReturnType<typeof createTokenSigner>>;
let nextUser = 1_000_000;
let nextIp = 0;

beforeAll(async () => {
  live = await startLiveUpstreams();
  ({ bus, identity } = live);
  addresses = live.addresses;
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
  await live?.stop();
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
 * A stream read off the wire (a raw TCP socket): the bytes exactly as the gateway sends them, and
 * whether it ended the connection.
 */
async function rawStream(user: { cookie: string }, from: string) {
  const { hostname, port } = new URL(gateway.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.once('end', resolve));
  socket.write(
    `GET /api/notifications/stream HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n` +
      `Cookie: ${user.cookie}\r\nX-Forwarded-For: ${from}\r\n\r\n`,
  );
  await eventually(() => expect(received).toContain('event: unread'));
  return {
    head: () => received.slice(0, received.indexOf('\r\n\r\n')),
    body: () => received.slice(received.indexOf('\r\n\r\n') + 4),
    ended,
    close: () => socket.destroy(),
  };
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

  it('writes each frame to the socket as it is, the body ending with the connection; replaced, it ends', async () => {
    const user = await session();
    const from = ip();
    const raw = await rawStream(user, from);
    try {
      // No chunked framing and no length: the body is the frames, until the gateway closes.
      expect(raw.head()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(raw.head()).toMatch(/\r\nconnection: close(\r\n|$)/i);
      expect(raw.head()).not.toMatch(/transfer-encoding|content-length|content-encoding/i);
      // An event stream is never a document: nosniff stays, the policies only a document heeds go.
      expect(raw.head()).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(raw.head()).not.toMatch(/content-security-policy|x-frame-options/i);
      expect(raw.body()).toMatch(/^retry: 3000\n\n(id: \d+\n)?event: unread\ndata: \{"unreadCount":0\}\n\n$/);

      await tick();
      await eventually(() => expect(raw.body()).toContain('event: prices'));
      const prices = raw.body().slice(raw.body().indexOf('event: prices'));
      expect(prices).toMatch(/^event: prices\ndata: \{"tick":\d+,.*\}\n\n$/s);

      const newer: OpenEventStream[] = [];
      for (let i = 0; i < 5; i++) newer.push(await open(user, from));
      await raw.ended;
      expect(raw.body()).toMatch(/event: closed\ndata: \{"reason":"replaced",.*\}\n\n$/);
      for (const stream of newer) stream.close();
    } finally {
      raw.close();
    }
  });
});
