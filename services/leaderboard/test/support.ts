import { randomBytes, randomUUID } from 'node:crypto';
import {
  baseConfigSchema,
  createPromiseClient,
  InProcessBus,
  loadConfig,
  startService,
  systemClock,
  systemRandom,
  type PromiseClient,
  type RunningService,
} from '@touchline/kit';
import {
  createTestDatabase,
  eventMessage,
  silentLogger,
  type TestDatabase,
} from '@touchline/kit/src/testing';
import { decodeEvent, SERVICES, type EventInput, type EventOutput, type Topic } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import type { BoardCache } from '../src/cache';
import { createMemoryBoardCache } from '../src/cache/memory-board-cache';
import { createRedisBoardCache } from '../src/cache/redis-board-cache';
import { leaderboardConfigSchema } from '../src/config';
import { leaderboardModule } from '../src/service';

export type BoardClient = PromiseClient<LeaderboardDefinition>;

interface Replica {
  service: RunningService;
  bus: InProcessBus;
  client: BoardClient;
  cache: BoardCache;
}

/**
 * One database and one cache (Redis on TEST_REDIS_URL under a key prefix of its own, else one
 * in-memory cache shared as Redis would be) with `count` leaderboard replicas over them. Each
 * replica has its own bus, as Kafka gives each its share of the partitions.
 */
export async function startBoard(count = 1) {
  const database: TestDatabase = await createTestDatabase('leaderboard', { sharedPglite: true });
  const prefix = `test:leaderboard:${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.TEST_REDIS_URL;
  const memory = createMemoryBoardCache();
  const newCache = (): BoardCache => (redisUrl ? createRedisBoardCache(redisUrl, prefix) : memory);
  const schema = baseConfigSchema.extend(leaderboardConfigSchema.shape);
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const bus = new InProcessBus(silentLogger);
    const cache = newCache();
    const config = loadConfig(schema, {
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: '0',
      SHUTDOWN_TIMEOUT_MS: '2000',
      LEADERBOARD_RECONCILE_MS: '3600000',
    });
    const service = await startService(
      { ...leaderboardModule({ cache: () => cache }), schema: database.schema },
      {
        config: config as never,
        logger: silentLogger,
        db: i === 0 ? database.db : database.connect(),
        bus,
        clock: systemClock,
        random: systemRandom,
        peers: {},
        instanceId: `replica-${i}`,
        relayPollIntervalMs: 100,
      },
    );
    const client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      service.address,
      {
        defaultTimeoutMs: 20_000,
      },
    );
    replicas.push({ service, bus, client, cache });
  }
  /** A cache handle of the test's own, for looking at (and flushing) what the replicas share. */
  const cache = newCache();
  let sent = 0;

  const h = {
    database,
    replicas,
    cache,
    client: replicas[0]!.client,
    /** Delivers one event to a replica (round robin unless told) through its bus and inbox; returns its id. */
    async send<T extends Topic>(
      topic: T,
      payload: EventInput<T>,
      options: { eventId?: string; replica?: number } = {},
    ) {
      const eventId = options.eventId ?? randomUUID();
      const replica = replicas[options.replica ?? sent++ % replicas.length]!;
      await replica.bus.publish([eventMessage(topic, 'k', payload, { eventId })]);
      return eventId;
    },
    /**
     * Delivers events to a replica as one fetched batch, as the Kafka bus hands them over: through
     * its group's batch handler and the inbox, in one transaction.
     */
    async sendTogether(events: { topic: Topic; payload: EventInput<Topic>; eventId: string }[], replica = 0) {
      await replicas[replica]!.bus.deliverAsOneFetch(
        'leaderboard',
        events.map(({ topic, payload, eventId }) => eventMessage(topic, 'k', payload, { eventId })),
      );
    },
    /** Flushes the shared cache, as a Redis restart without persistence would. */
    async flush() {
      if (redisUrl) {
        const redis = (cache as ReturnType<typeof createRedisBoardCache>).redis;
        const keys = await redis.keys(`{${prefix}}:*`);
        if (keys.length) await redis.del(...keys);
      } else memory.clear();
    },
    /** The totals rows of the projection, by user id. */
    async totals(): Promise<
      { user_id: number; collection_value: number; card_count: number; banned: boolean }[]
    > {
      return (await database
        .db('users')
        .orderBy('user_id')
        .select('user_id', 'collection_value', 'card_count', 'banned')) as never;
    },
    async events<T extends Topic>(topic: T): Promise<EventOutput<T>[]> {
      const rows = (await database.db('outbox').where({ topic }).orderBy('id').select('payload')) as {
        payload: Uint8Array;
      }[];
      return rows.map((row) => decodeEvent(topic, row.payload));
    },
    async stop() {
      for (const r of replicas) {
        r.client.close();
        await r.service.shutdown();
      }
      await h.flush();
      await cache.close();
      await database.close();
    },
  };
  return h;
}

export type Board = Awaited<ReturnType<typeof startBoard>>;

/** Polls until `check` passes (cache writes land after the commit). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
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

const T0 = Date.parse('2026-11-20T15:00:00Z');
/** An ISO time `seconds` after a fixed start. */
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export const minted = (cardId: number, userId: number, playerId: number, price: number, second = 0) => ({
  cardId,
  userId,
  playerId,
  playerName: `Player ${playerId}`,
  rarity: 'Common',
  editionNumber: 1,
  maxEditions: 5000,
  currentPrice: price,
  reason: 'pack',
  reference: `ref-${cardId}`,
  mintedAt: at(second),
});

export const transferred = (
  cardId: number,
  fromUserId: number,
  toUserId: number,
  playerId: number,
  price: number,
  second: number,
) => ({
  cardId,
  playerId,
  fromUserId,
  toUserId,
  currentPrice: price,
  reason: 'sale',
  reference: `sale-${cardId}-${second}`,
  transferredAt: at(second),
});

export const ticked = (tick: number, prices: [playerId: number, price: number][], second = tick * 300) => ({
  tick,
  tickedAt: at(second),
  prices: prices.map(([playerId, price]) => ({ playerId, price, previousPrice: 0, priceChange: 0 })),
});

export const registered = (userId: number, second = 0) => ({
  userId,
  username: `user${userId}`,
  registeredAt: at(second),
});
