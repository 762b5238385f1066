import type { Redis } from 'ioredis';

/** Small key-value store with expiry: Redis when REDIS_URL is set, process memory otherwise. */
export interface KeyValueStore {
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  get(key: string): Promise<string | undefined>;
  /** Stores `value` unless the key holds one already; returns what the key holds then (one winner across replicas). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<string>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Tells every gateway replica sharing the store (this one included, when it listens). Absent in
   * process memory: one process has no peers.
   */
  publish?(channel: string, message: string): Promise<void>;
  /**
   * Hears what any replica publishes on `channel` from now on. Pub/sub is at most once: `onReady`
   * runs whenever the link (re)connects, so a listener can read again what it may have missed.
   */
  listen?(channel: string, onMessage: (message: string) => void, onReady: () => void): Promise<void>;
  /** The Redis client, for libraries (rate limiter) that speak to Redis themselves. */
  redis?: Redis;
}

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const held = (key: string) => {
    const entry = entries.get(key);
    return !entry || entry.expiresAt <= now() ? undefined : entry.value;
  };
  const set = (key: string, value: string, ttlSeconds: number) => {
    entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
    if (entries.size > 100_000) {
      for (const [k, e] of entries) if (e.expiresAt <= now()) entries.delete(k);
    }
  };
  return {
    set(key, value, ttlSeconds) {
      set(key, value, ttlSeconds);
      return Promise.resolve();
    },
    get: (key) => Promise.resolve(held(key)),
    setIfAbsent(key, value, ttlSeconds) {
      const current = held(key);
      if (current !== undefined) return Promise.resolve(current);
      set(key, value, ttlSeconds);
      return Promise.resolve(value);
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
