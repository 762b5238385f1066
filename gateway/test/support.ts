import { randomInt, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Express } from 'express';
import request, { type Response } from 'supertest';
import { expect } from 'vitest';
import { InProcessBus } from '@touchline/kit';
import { silentLogger, startTestService, type TestService } from '@touchline/kit/testing';
import { notificationsService } from '@touchline/notifications';
import { identityService } from '../../services/identity/src/service';
import { createApp, liveHubOf } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { gatewayConfigSchema, UPSTREAMS, type GatewayConfig, type Upstream } from '../src/config';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { createRedisStore } from '../src/redis-store';
import type { TokenSigner } from '../../services/identity/src/tokens';

export const PUBLIC_URL = 'http://touchline.test';
export const PASSWORD = 'correct horse battery';
/** Nothing listens here: upstreams that are not started in a test. */
export const UNREACHABLE = '127.0.0.1:1';

/** Every upstream's address: those given, the others unreachable. */
export function upstreamAddresses(running: Partial<Record<Upstream, string>>): Record<Upstream, string> {
  return Object.fromEntries(UPSTREAMS.map((u) => [u, running[u] ?? UNREACHABLE])) as Record<Upstream, string>;
}

/** Identity (sessions) and notifications (the live stream) on one in-process bus; nothing else runs. */
export interface LiveUpstreams {
  bus: InProcessBus;
  identity: TestService;
  notifications: TestService;
  addresses: Record<Upstream, string>;
  stop(): Promise<void>;
}

export async function startLiveUpstreams(): Promise<LiveUpstreams> {
  const bus = new InProcessBus(silentLogger);
  const identity = await startTestService(identityService, { bus });
  const notifications = await startTestService(notificationsService, {
    bus,
    peers: { identity: identity.service.address },
  });
  return {
    bus,
    identity,
    notifications,
    addresses: upstreamAddresses({
      identity: identity.service.address,
      notifications: notifications.service.address,
    }),
    stop: async () => {
      for (const s of [notifications, identity]) await s.stop();
    },
  };
}

export interface GatewayHarness {
  identity: TestService;
  clients: Clients;
  addresses: Record<Upstream, string>;
  store: KeyValueStore;
  app: Express;
  /** http://127.0.0.1:<port> of the listening app. */
  baseUrl: string;
  /** Another app on the same identity, clients and store with other settings (not listening). */
  appWith(config: Record<string, string>): Express;
  close(): Promise<void>;
}

export function gatewayConfig(overrides: Record<string, string> = {}): GatewayConfig {
  return gatewayConfigSchema.parse({
    EMBEDDED: 'true',
    PUBLIC_URL,
    // One trusted proxy: each test picks its own client address with X-Forwarded-For, so the
    // per-IP rate limits of one test never spend another's allowance.
    TRUST_PROXY: '1',
    RATE_LIMIT_SCALE: '1',
    LOG_LEVEL: 'silent',
    // Each test gives its clients the timeout it can afford on a busy machine (up to 20 s); the
    // request budget must not cut it shorter (gateway/test/shedding.test.ts sets its own).
    UPSTREAM_TIMEOUT_MS: '20000',
    ...overrides,
  });
}

/** Rate-limit counters and revoked sessions a previous run left in the test Redis. */
async function flushGatewayKeys(store: KeyValueStore): Promise<void> {
  const redis = store.redis;
  if (!redis) return;
  for (const pattern of ['rl:*', 'revoked:session:*']) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
}

/**
 * A real identity service, the gateway's clients for it (every other upstream unreachable), a store
 * (Redis when TEST_REDIS_URL is set, memory otherwise) and the express app listening on a loopback port.
 */
/** `app` served on a free loopback port; `close()` drops its connections and stops it. */
export async function listenLocally(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The gateway in front of the upstreams a test started (every other one unreachable), listening locally. */
export interface ServedGateway {
  addresses: Record<Upstream, string>;
  clients: Clients;
  store: KeyValueStore;
  app: Express;
  baseUrl: string;
  close(): Promise<void>;
}

export async function serveGateway(
  running: Partial<Record<Upstream, string>>,
  options: { config?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ServedGateway> {
  const addresses = upstreamAddresses(running);
  const clients = createClients(addresses, { defaultTimeoutMs: options.timeoutMs ?? 10_000 });
  const store = createMemoryStore();
  const app = createApp({
    config: gatewayConfig(options.config),
    clients,
    addresses,
    store,
    logger: silentLogger,
  });
  const listening = await listenLocally(app);
  return {
    addresses,
    clients,
    store,
    app,
    baseUrl: listening.baseUrl,
    async close() {
      liveHubOf(app).close();
      await listening.close();
      closeClients(clients);
      await store.close();
    },
  };
}

/** A GET that leaves the body as it crossed the wire (fetch and supertest would decode it). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function startGatewayHarness(
  options: { identityEnv?: Record<string, string>; config?: Record<string, string>; flush?: boolean } = {},
): Promise<GatewayHarness> {
  const identity = await startTestService(identityService, { env: options.identityEnv });
  const addresses = Object.fromEntries(
    UPSTREAMS.map((name) => [name, name === 'identity' ? identity.service.address : UNREACHABLE]),
  ) as Record<Upstream, string>;
  const clients = createClients(addresses, { defaultTimeoutMs: 5_000 });
  const redisUrl = process.env.TEST_REDIS_URL;
  const store = redisUrl ? createRedisStore(redisUrl) : createMemoryStore();
  if (options.flush) await flushGatewayKeys(store);

  const appWith = (config: Record<string, string>) =>
    createApp({
      config: gatewayConfig({ ...options.config, ...config }),
      clients,
      addresses,
      store,
      logger: silentLogger,
    });
  const app = appWith({});
  const listening = await listenLocally(app);
  return {
    identity,
    clients,
    addresses,
    store,
    app,
    baseUrl: listening.baseUrl,
    appWith,
    async close() {
      liveHubOf(app).close();
      await listening.close();
      closeClients(clients);
      await store.close();
      await identity.stop();
    },
  };
}

/** A client address of its own (see TRUST_PROXY above). */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A browser: keeps cookies, and comes from an address no other test uses unless one is given. */
export function browser(baseUrl: string, ip = randomIp()) {
  return request.agent(baseUrl).set('X-Forwarded-For', ip);
}

export function uniqueEmail(local: string): string {
  return `${local}@${randomUUID().slice(0, 8)}.example.com`;
}

/** The session cookie a response sets, as "name=value" plus its attributes. */
export function sessionCookie(res: Response): { value: string; attributes: string } | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const line = raw?.find((c) => c.startsWith('tl_session='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';');
  return { value: pair!.slice('tl_session='.length), attributes: attributes.join(';') };
}

/** A uniform error: the status, a JSON body that is exactly {message}, and nothing internal in it. */
export function expectError(res: Response, status: number, message?: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.body).toEqual({ message: message ?? expect.any(String) });
  expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
  for (const leak of [/stack/i, /at /, /select/i, /insert/i, /knex/i, /node_modules/, /\.ts:\d+/]) {
    expect(res.text).not.toMatch(leak);
  }
}

export async function countUsers(identity: TestService, email?: string): Promise<number> {
  const query = identity.database.db('users');
  const rows = (await (email === undefined ? query : query.where({ email })).count({ n: '*' })) as {
    n: number | string;
  }[];
  return Number(rows[0]!.n);
}

/** A signed-in user's session cookie, signed as identity signs them (a fresh session id each time). */
export async function signedInCookie(
  signer: Pick<TokenSigner, 'sign'>,
  userId: number,
  isAdmin = false,
): Promise<string> {
  const { token } = await signer.sign({ userId, sessionId: randomUUID(), isAdmin }, new Date(), 900);
  return `tl_session=${token}`;
}
