import { Redis } from 'ioredis';
import type { KeyValueStore } from './store';

/** The store on Redis (REDIS_URL): sessions and rate limits shared by every gateway replica. */
export function createRedisStore(url: string): KeyValueStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  return {
    redis,
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async setIfAbsent(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX');
      return (await redis.get(key)) ?? value;
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}
