import type { BoardCache } from './board-cache';
import { createMemoryBoardCache } from './memory-board-cache';

export type { BoardCache } from './board-cache';

/**
 * Redis when REDIS_URL is set, process memory otherwise (embedded mode). ioredis is loaded only for
 * Redis: the embedded app never needs it (its memory and start time, docs/performance.md).
 */
export async function createBoardCache(config: {
  REDIS_URL?: string;
  LEADERBOARD_CACHE_KEY: string;
}): Promise<BoardCache> {
  if (!config.REDIS_URL) return createMemoryBoardCache();
  const { createRedisBoardCache } = await import('./redis-board-cache');
  return createRedisBoardCache(config.REDIS_URL, config.LEADERBOARD_CACHE_KEY);
}
