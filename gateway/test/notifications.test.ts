import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR } from '@touchline/contract';
import { idCursors, type InProcessBus } from '@touchline/kit';
import { eventMessage, silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { openEventStream, type OpenEventStream } from './sse-client';
import {
  browser,
  expectError,
  gatewayConfig,
  PASSWORD,
  sessionCookie,
  startLiveUpstreams,
  uniqueEmail,
  type LiveUpstreams,
} from './support';

// identity and notifications on one event bus, and the gateway in front of them.
let live: LiveUpstreams;
let bus: InProcessBus;
let clients: Clients;
let store: KeyValueStore;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  live = await startLiveUpstreams();
  ({ bus } = live);
  const addresses = live.addresses;
  clients = createClients(addresses, { defaultTimeoutMs: 10_000 });
  store = createMemoryStore();
  const config = gatewayConfig({ SSE_HEARTBEAT_MS: '100', SSE_SESSION_CHECK_MS: '100' });
  const app = createApp({ config, clients, addresses, store, logger: silentLogger });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (clients) closeClients(clients);
  await store?.close();
  await live?.stop();
});

/** A signed-in player: the agent keeps the session cookie; `cookie` is it for a plain fetch. */
async function player(local: string) {
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email: uniqueEmail(local), password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  const { id, username } = res.body as { id: number; username: string };
  return { agent, id, username, cookie: `tl_session=${sessionCookie(res)!.value}` };
}

let offers = 0;
/** trading's event for an offer from one player to another, as the bus delivers it. */
async function offer(fromUserId: number, toUserId: number): Promise<void> {
  await bus.publish([
    eventMessage('trading.offer.created', String(toUserId), {
      offerId: ++offers,
      fromUserId,
      toUserId,
      offeredCardIds: [11],
      offeredCoins: 500,
      requestedCardIds: [],
      requestedCoins: 0,
      wishId: 0,
      createdAt: new Date().toISOString(),
    }),
  ]);
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

type Page = {
  items: { id: number; title: string; read: boolean; link: string | null; kind: string }[];
  unreadCount: number;
  nextCursor: string | null;
};

const listOf = async (agent: ReturnType<typeof browser>, query = '') => {
  const res = await agent.get(`/api/notifications${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Page;
};

const streamOf = (p: { cookie: string }, lastEventId?: string) =>
  openEventStream(`${baseUrl}/api/notifications/stream`, { cookie: p.cookie }, lastEventId);

const notificationIds = (stream: OpenEventStream) =>
  stream.events
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data) as { notification: { id: number } }).notification.id);

describe('notifications API without a session', () => {
  it.each([
    ['get', '/api/notifications'],
    ['get', '/api/notifications/unread-count'],
    ['get', '/api/notifications/stream'],
    ['post', '/api/notifications/1/read'],
    ['post', '/api/notifications/read-all'],
  ] as const)('%s %s answers 401', async (method, path) => {
    const res = await request(baseUrl)
      [method](path)
      .send(method === 'post' ? {} : undefined);
    expectError(res, 401, 'Not signed in');
  });
});

describe('the notifications list and read state', () => {
  it('lists newest first with cursor pages, counts unread, marks one and all read', async () => {
    const [alice, bob] = [await player('alice.n'), await player('bob.n')];
    for (let i = 0; i < 3; i++) await offer(alice.id, bob.id);
    await eventually(async () => expect((await listOf(bob.agent, '?unread=true')).unreadCount).toBe(3));

    const first = await listOf(bob.agent, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({
      kind: 'trade.offer_received',
      read: false,
      type: expect.any(String),
      timestamp: expect.any(String),
      message: expect.stringContaining(alice.username),
    });
    expect(first.items[0]!.id).toBeGreaterThan(first.items[1]!.id);
    expect(first.nextCursor).not.toBeNull();
    const second = await listOf(bob.agent, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.id)).toHaveLength(1);
    expect(second.items[0]!.id).toBeLessThan(first.items[1]!.id);
    expect(second.nextCursor).toBeNull();
    // The service refuses another list's cursor; its words reach the client through gRPC unchanged.
    const foreign = await bob.agent.get(`/api/notifications?cursor=${idCursors('trade-history').encode(9)}`);
    expect([foreign.status, foreign.body]).toEqual([400, { message: BAD_CURSOR }]);

    const read = await bob.agent.post(`/api/notifications/${first.items[0]!.id}/read`).send({});
    expect([read.status, read.body]).toEqual([200, { unreadCount: 2 }]);
    expect((await bob.agent.get('/api/notifications/unread-count')).body).toEqual({ unreadCount: 2 });
    expect((await listOf(bob.agent, '?unread=true')).items).toHaveLength(2);

    const all = await bob.agent.post('/api/notifications/read-all').send({});
    expect([all.status, all.body]).toEqual([200, { unreadCount: 0 }]);
    expect((await listOf(bob.agent)).items.every((n) => n.read)).toBe(true);
  });

  it("another user's or an unknown notification is 404 and changes nothing", async () => {
    const [alice, bob] = [await player('alice.m'), await player('bob.m')];
    await offer(alice.id, bob.id);
    await eventually(async () => expect((await listOf(bob.agent)).items).toHaveLength(1));
    const [bobs] = (await listOf(bob.agent)).items;
    expectError(await alice.agent.post(`/api/notifications/${bobs!.id}/read`).send({}), 404);
    expectError(await bob.agent.post('/api/notifications/999999999/read').send({}), 404);
    expect((await bob.agent.get('/api/notifications/unread-count')).body).toEqual({ unreadCount: 1 });
  });

  it('bad input is a 400 {message}', async () => {
    const bob = await player('bob.bad');
    expectError(await bob.agent.get('/api/notifications?limit=0'), 400);
    expectError(await bob.agent.get('/api/notifications?cursor=abc'), 400);
    expectError(await bob.agent.get('/api/notifications?unread=yes'), 400);
    expectError(await bob.agent.post('/api/notifications/abc/read').send({}), 400);
    expectError(await bob.agent.post('/api/notifications/read-all').send({ all: true }), 400);
  });
});

describe('GET /api/notifications/stream', () => {
  it('sends the count, then a notification created after connecting; heartbeats; no buffering', async () => {
    const [alice, bob] = [await player('alice.s'), await player('bob.s')];
    const stream = await streamOf(bob);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
      await eventually(() => expect(stream.events).toHaveLength(1));
      expect(stream.events[0]).toMatchObject({ event: 'unread', data: '{"unreadCount":0}' });
      expect(stream.retry).toBe(3000);

      await offer(alice.id, bob.id);
      await eventually(() => expect(notificationIds(stream)).toHaveLength(1));
      const event = stream.events.find((e) => e.event === 'notification')!;
      const [listed] = (await listOf(bob.agent)).items;
      expect(JSON.parse(event.data)).toEqual({ notification: listed, unreadCount: 1 });
      expect(event.id).toBe(String(listed!.id));
      await eventually(() => expect(stream.comments).toContain('heartbeat'));
    } finally {
      stream.close();
    }
  });

  it('still streams event by event, uncompressed, to a browser that accepts gzip and brotli', async () => {
    // The gateway compresses answers above 1 KB (issue 13); a compressed stream would hold events
    // back in the compressor's buffer.
    const [alice, bob] = [await player('alice.z'), await player('bob.z')];
    const stream = await openEventStream(`${baseUrl}/api/notifications/stream`, {
      cookie: bob.cookie,
      'Accept-Encoding': 'gzip, deflate, br, zstd',
    });
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-encoding')).toBeNull();
      await eventually(() => expect(stream.events).toHaveLength(1));
      for (let i = 0; i < 3; i++) {
        await offer(alice.id, bob.id);
        await eventually(() => expect(notificationIds(stream)).toHaveLength(i + 1));
      }
    } finally {
      stream.close();
    }
  });

  it('a reconnect with Last-Event-ID replays the missed ones without duplicates', async () => {
    const [alice, bob] = [await player('alice.r'), await player('bob.r')];
    const first = await streamOf(bob);
    await eventually(() => expect(first.events).toHaveLength(1));
    await offer(alice.id, bob.id);
    await eventually(() => expect(notificationIds(first)).toHaveLength(1));
    first.close();
    await first.ended;

    for (let i = 0; i < 3; i++) await offer(alice.id, bob.id);
    await offer(bob.id, alice.id); // alice's, not bob's
    await eventually(async () => expect((await listOf(bob.agent)).items).toHaveLength(4));

    const again = await streamOf(bob, first.lastEventId());
    try {
      const all = (await listOf(bob.agent)).items.map((n) => n.id).reverse();
      await eventually(() => expect(notificationIds(again)).toEqual(all.slice(1)));
      await offer(alice.id, bob.id);
      await eventually(() => expect(notificationIds(again)).toHaveLength(4));
      const ids = [...notificationIds(first), ...notificationIds(again)];
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual((await listOf(bob.agent)).items.map((n) => n.id).reverse());
    } finally {
      again.close();
    }
  });

  it('a stream opened anew with ?lastEventId resumes after it, as the header would', async () => {
    const [alice, bob] = [await player('alice.q'), await player('bob.q')];
    const first = await streamOf(bob);
    await offer(alice.id, bob.id);
    await eventually(() => expect(notificationIds(first)).toHaveLength(1));
    first.close();
    await first.ended;
    await offer(alice.id, bob.id);

    const url = `${baseUrl}/api/notifications/stream?lastEventId=${first.lastEventId()!}`;
    const again = await openEventStream(url, { cookie: bob.cookie });
    try {
      const latest = (await listOf(bob.agent)).items[0]!.id;
      await eventually(() => expect(notificationIds(again)).toEqual([latest]));
    } finally {
      again.close();
    }
    const bad = await openEventStream(`${baseUrl}/api/notifications/stream?lastEventId=abc`, {
      cookie: bob.cookie,
    });
    expect([bad.status, JSON.parse(bad.text!)]).toEqual([
      400,
      { message: expect.stringContaining('lastEventId') },
    ]);
  });

  it('ends when the session is revoked, and a reconnect is then 401', async () => {
    const bob = await player('bob.out');
    const stream = await streamOf(bob);
    await eventually(() => expect(stream.events).toHaveLength(1));
    expect((await bob.agent.post('/api/logout').send({})).status).toBe(200);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({
      event: 'closed',
      data: expect.stringContaining('"session"'),
    });
    const again = await streamOf(bob, stream.lastEventId());
    expect([again.status, JSON.parse(again.text!)]).toEqual([401, { message: 'Not signed in' }]);
  });

  it('a Last-Event-ID that is not a position is a 400 {message}', async () => {
    const bob = await player('bob.lei');
    const stream = await streamOf(bob, 'abc');
    expect(stream.status).toBe(400);
    expect(JSON.parse(stream.text!)).toEqual({ message: expect.stringContaining('Last-Event-ID') });
  });
});
