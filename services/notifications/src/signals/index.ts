import { createMemorySignals } from './memory-signals';
import type { FeedSignals } from './signals';

export type { FeedSignal, FeedSignals } from './signals';

/**
 * Redis pub/sub when REDIS_URL is set, in-process otherwise (embedded mode: one process). ioredis is
 * loaded only for Redis, so the embedded app never loads it.
 */
export async function createFeedSignals(config: {
  REDIS_URL?: string;
  NOTIFICATIONS_CHANNEL: string;
}): Promise<FeedSignals> {
  if (!config.REDIS_URL) return createMemorySignals();
  const { createRedisSignals } = await import('./redis-signals');
  return createRedisSignals(config.REDIS_URL, config.NOTIFICATIONS_CHANNEL);
}
