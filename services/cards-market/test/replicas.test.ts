/**
 * Two replicas of cards-market on one database, each with its own bus as Kafka gives each replica
 * its share of the consumers' partitions, and every replica's listener group every event: a price
 * tick claimed by one is seen in the other's answers at once, not a TTL later.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  baseConfigSchema,
  createPromiseClient,
  fixedClock,
  InProcessBus,
  listenerGroup,
  loadConfig,
  startService,
  systemRandom,
  type RunningService,
} from '@touchline/kit';
import { createTestDatabase, silentLogger, type TestDatabase } from '@touchline/kit/src/testing';
import { SERVICES } from '@touchline/protos';
import type { CardsMarketDefinition } from '@touchline/protos/gen/touchline/cards_market/CardsMarket';
import { cardsMarketConfigSchema } from '../src/config';
import { cardsMarketService } from '../src/service';

// Saturday: the market is closed and nothing ticks; then Tuesday 10:02 ET, when the 10:00 tick is due.
const clock = fixedClock('2026-11-28T15:00:00Z');
const TUESDAY_TICK = '2026-11-24T15:02:00Z';

interface Replica {
  service: RunningService;
  bus: InProcessBus;
  client: ReturnType<typeof createPromiseClient<CardsMarketDefinition>>;
}

let database: TestDatabase;
const replicas: Replica[] = [];

/** A replica; `checkMs`: how often its price-tick job looks for a due tick. */
async function startReplica(index: number, checkMs: number): Promise<Replica> {
  const bus = new InProcessBus(silentLogger);
  const config = loadConfig(baseConfigSchema.extend(cardsMarketConfigSchema.shape), {
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    SHUTDOWN_TIMEOUT_MS: '2000',
    MARKET_HOURS: 'schedule',
    PRICE_TICK_CHECK_MS: String(checkMs),
  });
  const service = await startService(
    { ...cardsMarketService, schema: database.schema },
    {
      config: config as never,
      logger: silentLogger,
      db: index === 0 ? database.db : database.connect(),
      bus,
      clock,
      random: systemRandom,
      peers: { 'wallet-payments': '127.0.0.1:1' },
      instanceId: `replica-${index}`,
      relayPollIntervalMs: 100,
    },
  );
  const client = createPromiseClient<CardsMarketDefinition>(
    SERVICES['cards-market'].definition(),
    service.address,
    { defaultTimeoutMs: 20_000 },
  );
  return { service, bus, client };
}

beforeAll(async () => {
  database = await createTestDatabase('cards_market', { sharedPglite: true });
  // Replica 0 looks for a due tick every 50 ms, replica 1 once an hour: the tick is replica 0's.
  replicas.push(await startReplica(0, 50), await startReplica(1, 3_600_000));
  // What Kafka does for replica 1's listener group: every event published reaches it too.
  await replicas[0]!.bus.subscribe({
    group: listenerGroup('cards-market', 'replica-1'),
    topics: ['market.prices.ticked'],
    handler: (message) => replicas[1]!.bus.publish([message]),
  });
});

afterAll(async () => {
  for (const r of replicas) {
    r.client.close();
    await r.service.shutdown();
  }
  await database?.close();
});

const prices = async (r: Replica) =>
  new Map((await r.client.ListAllPlayers({})).players.map((p) => [Number(p.id), Number(p.currentPrice)]));

describe('two replicas of cards-market', () => {
  it('answers a tick claimed by the other replica with the new prices once it hears the tick', async () => {
    // Replica 1 has its players in memory; the fixed clock never lets their TTL run out.
    const before = await prices(replicas[1]!);
    expect(before.size).toBe(858);

    clock.set(TUESDAY_TICK);
    await vi.waitFor(
      async () => expect(await database.db('ticks').count({ n: '*' }).first()).toMatchObject({ n: 1 }),
      { timeout: 20_000, interval: 50 },
    );
    // The tick's event leaves replica 0's outbox and (as Kafka would) reaches replica 1's listeners.
    await replicas[0]!.service.relay.flush();

    const stored = new Map(
      (
        (await database.db('players').select('id', 'current_price')) as {
          id: number;
          current_price: number;
        }[]
      ).map((r) => [r.id, Number(r.current_price)]),
    );
    const moved = [...stored].filter(([id, price]) => before.get(id) !== price);
    expect(moved.length).toBeGreaterThan(0);
    expect(await prices(replicas[1]!)).toEqual(stored);
    expect(await prices(replicas[0]!)).toEqual(stored);
  });
});
