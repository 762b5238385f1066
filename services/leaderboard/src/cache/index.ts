import type { BoardCache } from './board-cache';
import { createMemoryBoardCache } from './memory-board-cache';
import { createRedisBoardCache } from './redis-board-cache';

export type { BoardCache } from './board-cache';

/** Redis when REDIS_URL is set, process memory otherwise (embedded mode). */
export function createBoardCache(config: { REDIS_URL?: string; LEADERBOARD_CACHE_KEY: string }): BoardCache {
  return config.REDIS_URL
    ? createRedisBoardCache(config.REDIS_URL, config.LEADERBOARD_CACHE_KEY)
    : createMemoryBoardCache();
}
