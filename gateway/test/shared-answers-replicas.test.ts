/**
 * A shared answer follows a price tick claimed by another replica: two cards-market replicas on one
 * database and two gateways, each gateway calling its own replica. Replica 0 claims the tick; its
 * event reaches replica 1's listener and notifications (as Kafka hands every listener group and the
 * notifications group each event), and notifications' live stream tells both gateways. Gateway 1,
 * whose replica did not tick and which handled no mutation, must then serve the new prices. The
 * shared answers' max-age is long: only the event can change them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemRandom } from '@touchline/kit';
import { createTestDatabase, silentLogger, type TestDatabase } from '@touchline/kit/testing';
import {
  replicaClock,
  startTwoReplicas,
  tickOnReplicaZero,
  type Replica,
} from '../../services/cards-market/test/replicas-support';
import { createTokenSigner } from '../../services/identity/src/tokens';
import { createApp, liveHubOf } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, listenLocally, rawGet, startLiveUpstreams, type LiveUpstreams } from './support';

const clock = replicaClock();

interface Gateway {
  app: ReturnType<typeof createApp>;
  clients: Clients;
  listening: Awaited<ReturnType<typeof listenLocally>>;
}

let database: TestDatabase;
let live: LiveUpstreams;
const replicas: Replica[] = [];
const gateways: Gateway[] = [];
let cookie: string;

/** A gateway whose cards-market is the given replica; identity and notifications are shared. */
async function startGateway(replica: Replica): Promise<Gateway> {
  const addresses = { ...live.addresses, 'cards-market': replica.service.address };
  const clients = createClients(addresses, { defaultTimeoutMs: 20_000 });
  const app = createApp({
    config: gatewayConfig({ SHARED_ANSWER_MAX_AGE_MS: '600000', SHARED_ANSWER_MIN_INTERVAL_MS: '0' }),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  return { app, clients, listening: await listenLocally(app) };
}

const prices = async (gateway: Gateway) => {
  const res = await rawGet(`${gateway.listening.baseUrl}/api/market/all-players`, {
    cookie,
    'X-Forwarded-For': '10.9.0.1',
  });
  expect(res.status).toBe(200);
  const players = JSON.parse(res.body.toString()) as { id: number; currentPrice: number }[];
  return { etag: res.headers.etag, prices: new Map(players.map((p) => [p.id, p.currentPrice])) };
};

beforeAll(async () => {
  database = await createTestDatabase('cards_market', { sharedPglite: true });
  live = await startLiveUpstreams();
  // The notifications group gets every tick too, as replica 1's listener group does.
  replicas.push(...(await startTwoReplicas(database, clock, [live.bus])));
  gateways.push(await startGateway(replicas[0]!), await startGateway(replicas[1]!));
  const signer = await createTokenSigner(live.identity.database.db, systemRandom);
  const { token } = await signer.sign(
    { userId: 4_100_001, sessionId: randomUUID(), isAdmin: false },
    new Date(),
    900,
  );
  cookie = `tl_session=${token}`;
  // The first shared read opens each gateway's live subscription.
  for (const g of gateways) {
    await prices(g);
    await liveHubOf(g.app).upstreamReady(60_000);
  }
}, 180_000);

afterAll(async () => {
  for (const g of gateways) {
    liveHubOf(g.app).close();
    await g.listening.close();
    closeClients(g.clients);
  }
  for (const r of replicas) await r.service.shutdown();
  await live?.stop();
  await database?.close();
});

describe('a shared answer with replicas', () => {
  it('changes on the other gateway after a tick claimed by the other cards-market replica', async () => {
    const before = await prices(gateways[1]!);
    expect(before.prices.size).toBe(858);
    // Kept: asked again, the same answer.
    expect((await prices(gateways[1]!)).etag).toBe(before.etag);

    const stored = await tickOnReplicaZero(database, clock, replicas, 60_000);
    expect([...stored].filter(([id, price]) => before.prices.get(id) !== price).length).toBeGreaterThan(0);

    await vi.waitFor(async () => expect((await prices(gateways[1]!)).prices).toEqual(stored), {
      timeout: 60_000,
      interval: 50,
    });
    expect((await prices(gateways[1]!)).etag).not.toBe(before.etag);
    expect((await prices(gateways[0]!)).prices).toEqual(stored);
  });
});
