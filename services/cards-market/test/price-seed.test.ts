/**
 * The price engine's seed is a secret (docs/design.md#5-cards-and-the-market): with the old public
 * default, anyone could compute the next tick of every player from the prices the market shows.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { createPromiseClient, fixedClock } from '@touchline/kit';
import {
  createTestDatabase,
  startReplica,
  startTestService,
  type TestDatabase,
  type TestReplica,
} from '@touchline/kit/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { nextPrice } from '../src/domain/price-engine';
import { cardsMarketService } from '../src/service';

type Clock = ReturnType<typeof fixedClock>;
type Client = ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;

/** Saturday: the market is closed and nothing ticks until a test moves the clock. */
const SATURDAY = '2026-11-28T15:00:00Z';
/** Tuesday 10:00 ET and the two ticks after it; each is due 2 minutes after it starts. */
const TICKS = ['2026-11-24T15:00:00Z', '2026-11-24T15:05:00Z', '2026-11-24T15:10:00Z'];
const tickNumber = (at: string) => Math.floor(Date.parse(at) / 300_000);
const dueAt = (at: string) => new Date(Date.parse(at) + 120_000);

interface PublicPlayer {
  id: number;
  currentPrice: number;
  basePrice: number;
}

const databases: TestDatabase[] = [];
const replicas: TestReplica[] = [];
const clients: Client[] = [];

afterAll(async () => {
  for (const c of clients) c.close();
  for (const r of replicas) await r.service.shutdown().catch(() => undefined);
  for (const d of databases) await d.close();
});

async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase('cards_market', { sharedPglite: true });
  databases.push(database);
  return database;
}

/**
 * A deployment's replica as Kubernetes would run it: no PRICE_SEED. Index 0 would use the
 * database's own pool, which its shutdown closes, so every replica here has a pool of its own.
 */
async function startDeployment(database: TestDatabase, clock: Clock, index = 1): Promise<Client> {
  const replica = await startReplica(cardsMarketService, database, index, {
    env: { MARKET_HOURS: 'schedule', PRICE_TICK_CHECK_MS: '50' },
    clock,
    peers: { 'wallet-payments': '127.0.0.1:1' },
  });
  replicas.push(replica);
  const client = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    replica.service.address,
    { defaultTimeoutMs: 20_000 },
  );
  clients.push(client);
  return client;
}

/** What GET /api/market/all-players shows of each player: its id, current and base price. */
async function publicPlayers(client: Client): Promise<PublicPlayer[]> {
  const { players } = await client.ListAllPlayers({});
  return players
    .map((p) => ({ id: Number(p.id), currentPrice: Number(p.currentPrice), basePrice: Number(p.basePrice) }))
    .sort((a, b) => a.id - b.id);
}

/** Lets the tick at `at` fall due on `clock` and waits until the database holds `count` ticks. */
async function tick(database: TestDatabase, clock: Clock, at: string, count: number): Promise<void> {
  clock.set(dueAt(at));
  await vi.waitFor(
    async () => expect(await database.db('ticks').count({ n: '*' }).first()).toMatchObject({ n: count }),
    { timeout: 20_000, interval: 50 },
  );
}

async function storedSeeds(database: TestDatabase): Promise<Buffer[]> {
  const rows = (await database.db('price_seed').select('seed')) as { seed: Uint8Array }[];
  return rows.map((r) => Buffer.from(r.seed));
}

/** The prices the engine gives every player at `at` from `before`, with no trades, under `key`. */
const predict = (before: PublicPlayer[], key: string | Uint8Array, at: string) =>
  before.map((p) => ({
    id: p.id,
    currentPrice: nextPrice(
      { playerId: p.id, current: p.currentPrice, base: p.basePrice, netDemand: 0 },
      key,
      tickNumber(at),
    ),
    basePrice: p.basePrice,
  }));

const matching = (a: PublicPlayer[], b: PublicPlayer[]) =>
  a.filter((p, i) => p.currentPrice === b[i]!.currentPrice).length;

describe('two fresh deployments without PRICE_SEED', () => {
  const before: PublicPlayer[][] = [];
  const after: PublicPlayer[][] = [];

  beforeAll(async () => {
    const deployments = await Promise.all(
      [0, 1].map(async () => {
        const database = await freshDatabase();
        const clock = fixedClock(SATURDAY);
        return { database, clock, client: await startDeployment(database, clock) };
      }),
    );
    for (const { database, clock, client } of deployments) {
      before.push(await publicPlayers(client));
      await tick(database, clock, TICKS[0]!, 1);
      after.push(await publicPlayers(client));
    }
  }, 120_000);

  it('start from the same prices and tick differently', () => {
    expect(before[0]).toHaveLength(858);
    expect(before[1]).toEqual(before[0]);
    // The same 858 draws from two random seeds: a cheap player's few possible next prices make a few
    // agree by chance, never most.
    expect(matching(after[0]!, after[1]!)).toBeLessThan(858 / 4);
  });

  it('give no one the next tick from the public prices, neither with the old default seed nor with none', () => {
    for (const guess of ['touchline', '']) {
      const predicted = predict(before[0]!, guess, TICKS[0]!);
      expect(matching(predicted, after[0]!)).toBeLessThan(858 / 4);
    }
  });
});

describe("a deployment's seed", () => {
  it('is one for replicas that start together, and the same after a restart', async () => {
    const database = await freshDatabase();
    const [firstClock, secondClock] = [fixedClock(SATURDAY), fixedClock(SATURDAY)];
    // Both first starts at once: each generates a seed, and they must end up with one.
    const [first, second] = await Promise.all([
      startDeployment(database, firstClock, 1),
      startDeployment(database, secondClock, 2),
    ]);
    const seeds = await storedSeeds(database);
    expect(seeds).toHaveLength(1);
    expect(seeds[0]).toHaveLength(32);
    const seed = seeds[0]!;

    // Replica 1 ticks 10:00, replica 2 ticks 10:05: both follow the stored seed. Each is asked after
    // its own tick (the other hears of it only through Kafka, absent here).
    const before = await publicPlayers(first);
    await tick(database, firstClock, TICKS[0]!, 1);
    firstClock.set(SATURDAY);
    const afterFirst = await publicPlayers(first);
    expect(afterFirst).toEqual(predict(before, seed, TICKS[0]!));
    await tick(database, secondClock, TICKS[1]!, 2);
    secondClock.set(SATURDAY);
    const afterSecond = await publicPlayers(second);
    expect(afterSecond).toEqual(predict(afterFirst, seed, TICKS[1]!));

    // Every replica stops; the one that starts next keeps the seed.
    for (const r of replicas.splice(-2)) await r.service.shutdown();
    const restartClock = fixedClock(SATURDAY);
    const restarted = await startDeployment(database, restartClock, 3);
    await tick(database, restartClock, TICKS[2]!, 3);
    expect(await publicPlayers(restarted)).toEqual(predict(afterSecond, seed, TICKS[2]!));
    expect(await storedSeeds(database)).toEqual([seed]);
  }, 120_000);
});

describe('PRICE_SEED', () => {
  /** cards-market started with `env`, and the warnings it logged on the way. */
  async function warningsAtStart(env: Record<string, string>): Promise<string[]> {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const service = await startTestService(cardsMarketService, {
      env: { MARKET_HOURS: 'never', ...env },
      logger,
    });
    await service.stop();
    return lines.filter((l) => l.level === 40).map((l) => l.msg);
  }

  it('set outside tests is used but logged as a warning, once, at start', async () => {
    const warnings = await warningsAtStart({ PRICE_SEED: 'bench', NODE_ENV: 'production' });
    expect(warnings.filter((m) => m.includes('PRICE_SEED'))).toHaveLength(1);
  });

  it('set in tests, or unset, logs nothing about it', async () => {
    const envs: Record<string, string>[] = [
      { PRICE_SEED: 'bench', NODE_ENV: 'test' },
      { NODE_ENV: 'production' },
    ];
    for (const env of envs) {
      const warnings = await warningsAtStart(env);
      expect(warnings.filter((m) => m.includes('PRICE_SEED'))).toEqual([]);
    }
  });
});
