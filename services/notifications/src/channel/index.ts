import type { LiveChannel } from './channel';
import { createMemoryChannel } from './memory-channel';

export type { LiveChannel } from './channel';

/**
 * Redis pub/sub when REDIS_URL is set, in-process otherwise (embedded mode: one process). ioredis is
 * loaded only for Redis, so the embedded app never loads it.
 */
export async function createLiveChannel(config: {
  REDIS_URL?: string;
  NOTIFICATIONS_CHANNEL: string;
}): Promise<LiveChannel> {
  if (!config.REDIS_URL) return createMemoryChannel();
  const { createRedisChannel } = await import('./redis-channel');
  return createRedisChannel(config.REDIS_URL, config.NOTIFICATIONS_CHANNEL);
}
