import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@touchline/kit/testing';
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
  listenLocally,
  PASSWORD,
  UNREACHABLE,
  uniqueEmail,
} from './support';

// Issue 44: an admin imports a matchday's results file through /api/admin/matchdays/:id/results.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

type Agent = ReturnType<typeof browser>;

let h: AdminHarness;
let clients: Clients;
let listening: Awaited<ReturnType<typeof listenLocally>> | undefined;
let baseUrl: string;
let admin: Agent;
let player: Agent;
let locked: number;
let scored: number;
let playerId: number;

async function signedIn(local: string): Promise<{ agent: Agent; email: string }> {
  const email = uniqueEmail(local);
  const agent = browser(baseUrl);
  const res = await agent.post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return { agent, email };
}

async function matchdayIn(state: 'locked' | 'scored', round: number): Promise<number> {
  const now = Date.now();
  const [row] = (await h.matchday.database
    .db('matchdays')
    .insert({
      round,
      opens_at: new Date(now - 2 * 3600_000),
      locks_at: new Date(now - 3600_000 + round),
      results_at: new Date(now + 3600_000),
      state,
    })
    .returning('id')) as { id: number }[];
  return Number(row!.id);
}

beforeAll(async () => {
  h = await startAdmin();
  const running: Partial<Record<Upstream, string>> = { ...h.addresses, admin: h.admin.service.address };
  const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, running[u] ?? UNREACHABLE])) as Record<
    Upstream,
    string
  >;
  clients = createClients(addresses, { defaultTimeoutMs: 20_000 });
  const app = createApp({
    config: gatewayConfig({ RATE_LIMIT_SCALE: '100' }),
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
  });
  listening = await listenLocally(app);
  baseUrl = listening.baseUrl;
  const a = await signedIn('admin');
  await grantAdmin(h.identity.database.db, a.email);
  admin = a.agent;
  player = (await signedIn('player')).agent;
  locked = await matchdayIn('locked', -2);
  scored = await matchdayIn('scored', -3);
  playerId = Number((await h.peers.cards.GetPlayers({ playerIds: [1] })).players[0]!.id);
});
afterAll(async () => {
  await listening?.close();
  if (clients) closeClients(clients);
  await h?.stop();
});

const upload = (agent: Agent, matchdayId: number, body: object, key = `k-${Math.random()}`) =>
  agent.put(`/api/admin/matchdays/${matchdayId}/results`).set('Idempotency-Key', key).send(body);

describe('/api/admin/matchdays', () => {
  it('refuses anonymous (401) and a player (403), and stores nothing', async () => {
    const file = { format: 'csv', content: `player_id,minutes\n${playerId},90\n` };
    expectError(await browser(baseUrl).get('/api/admin/matchdays'), 401);
    expectError(await player.get('/api/admin/matchdays'), 403);
    expectError(await upload(browser(baseUrl), locked, file), 401);
    expectError(await upload(player, locked, file), 403, 'Admins only');
    expect(await h.matchday.database.db('result_imports')).toHaveLength(0);
  });

  it('lists the matchdays and the feed', async () => {
    const res = await admin.get('/api/admin/matchdays');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ feed: 'import' });
    const ids = (res.body as { matchdays: { matchday: { id: number; state: string } }[] }).matchdays.map(
      (m) => m.matchday.id,
    );
    expect(ids).toEqual(expect.arrayContaining([locked, scored]));
  });

  it('answers 422 naming every line in error, then imports the corrected file', async () => {
    const bad = await upload(admin, locked, {
      format: 'json',
      content: `[\n{"playerId": ${playerId}, "minutes": 90},\n{"playerId": 0, "minutes": 90}\n]`,
    });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body).toEqual({
      message:
        "The file was not imported: 1 line has an error (line 3: playerId must be a player's id (a whole number))",
      lineErrors: [{ line: 3, message: "playerId must be a player's id (a whole number)" }],
      errorCount: 1,
    });
    const good = await upload(admin, locked, {
      format: 'json',
      content: `[{"playerId": ${playerId}, "minutes": 90}]`,
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body).toMatchObject({
      matchday: { id: locked, state: 'locked' },
      resultsImport: { revision: 1, format: 'json', players: 1 },
      replaced: false,
    });
  });

  it('answers 409 for a scored matchday, 404 for none, 400 for a bad body', async () => {
    const file = { format: 'csv', content: `player_id,minutes\n${playerId},90\n` };
    expectError(
      await upload(admin, scored, file),
      409,
      `Matchday ${scored} is already scored: its results can no longer be replaced`,
    );
    expectError(await upload(admin, 987_654, file), 404, 'No such matchday');
    expectError(await upload(admin, locked, { format: 'xml', content: 'x' }), 400);
    expectError(await upload(admin, locked, { format: 'csv', content: '' }), 400);
  });
});
