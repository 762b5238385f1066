import { Redis } from 'ioredis';
import type { KeyValueStore } from './store';

/** The store on Redis (REDIS_URL): sessions and rate limits shared by every gateway replica. */
export function createRedisStore(url: string): KeyValueStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // A connection in subscriber mode serves nothing else: its own, opened by the first listener.
  let subscriber: Redis | undefined;
  const listeners = new Map<string, (message: string) => void>();
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
    async publish(channel, message) {
      await redis.publish(channel, message);
    },
    async listen(channel, onMessage, onReady) {
      listeners.set(channel, onMessage);
      if (!subscriber) {
        subscriber = new Redis(url, { maxRetriesPerRequest: null });
        subscriber.on('message', (from: string, message: string) => listeners.get(from)?.(message));
      }
      // ioredis subscribes again by itself after a reconnection; what was published meanwhile is lost.
      subscriber.on('ready', onReady);
      await subscriber.subscribe(channel);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await Promise.allSettled([redis.quit(), subscriber?.quit()]);
    },
  };
}
