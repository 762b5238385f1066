import { randomBytes } from 'node:crypto';
import { createPromiseClient, type PromiseClient } from '@touchline/kit';
import {
  createTestDatabase,
  eventMessage,
  replicaSender,
  startReplica,
  type TestDatabase,
  type TestReplica,
} from '@touchline/kit/testing';
import { decodeEvent, SERVICES, type EventInput, type EventOutput, type Topic } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import type { BoardCache } from '../src/cache';
import { createMemoryBoardCache } from '../src/cache/memory-board-cache';
import { createRedisBoardCache } from '../src/cache/redis-board-cache';
import { leaderboardModule } from '../src/service';

export { eventually } from '@touchline/kit/testing';

export type BoardClient = PromiseClient<LeaderboardDefinition>;

interface Replica extends TestReplica {
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
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const cache = newCache();
    const { service, bus } = await startReplica(leaderboardModule({ cache: () => cache }), database, i, {
      env: { LEADERBOARD_RECONCILE_MS: '3600000' },
    });
    const client = createPromiseClient<LeaderboardDefinition>(
      SERVICES.leaderboard.definition(),
      service.address,
      { defaultTimeoutMs: 20_000 },
    );
    replicas.push({ service, bus, client, cache });
  }
  /** A cache handle of the test's own, for looking at (and flushing) what the replicas share. */
  const cache = newCache();

  const h = {
    database,
    replicas,
    cache,
    client: replicas[0]!.client,
    /** Delivers one event to a replica (round robin unless told) through its bus and inbox; returns its id. */
    send: replicaSender(replicas),
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
