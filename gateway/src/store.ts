import type { Redis } from 'ioredis';

/** Small key-value store with expiry: Redis when REDIS_URL is set, process memory otherwise. */
export interface KeyValueStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The Redis client, for libraries (rate limiter) that speak to Redis themselves. */
  redis?: Redis;
}

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      if (entries.size > 100_000) {
        for (const [k, e] of entries) if (e.expiresAt <= now()) entries.delete(k);
      }
      return Promise.resolve();
    },
    get(key) {
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= now()) return Promise.resolve(undefined);
      return Promise.resolve(entry.value);
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
