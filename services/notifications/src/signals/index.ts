import { createMemorySignals } from './memory-signals';
import { createRedisSignals } from './redis-signals';
import type { FeedSignals } from './signals';

export type { FeedSignal, FeedSignals } from './signals';

/** Redis pub/sub when REDIS_URL is set, in-process otherwise (embedded mode: one process). */
export function createFeedSignals(config: {
  REDIS_URL?: string;
  NOTIFICATIONS_CHANNEL: string;
}): FeedSignals {
  return config.REDIS_URL
    ? createRedisSignals(config.REDIS_URL, config.NOTIFICATIONS_CHANNEL)
    : createMemorySignals();
}
