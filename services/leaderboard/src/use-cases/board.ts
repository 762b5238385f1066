import { statsFromDb, topFromDb } from '../db/projection';
import { checkUserIds, topLimit, unranked, type RankedStats } from '../domain/ranking';
import type { LeaderboardDeps } from './deps';

/**
 * Reads go to the cache; while it is not built (empty, flushed) or unreachable, Postgres answers
 * and a rebuild is started.
 */
export interface BoardReader {
  top(limit: number): Promise<{ entries: RankedStats[]; asOf: string; total: number }>;
  stats(userIds: number[]): Promise<RankedStats[]>;
}

export function boardReader(deps: LeaderboardDeps, rebuildSoon: () => void): BoardReader {
  async function fromCache<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      const cached = await read();
      if (cached === undefined) rebuildSoon();
      return cached;
    } catch (error) {
      deps.logger.warn({ err: error }, 'board cache unavailable: reading Postgres');
      return undefined;
    }
  }
  return {
    async top(requested) {
      const limit = topLimit(requested);
      const cached = await fromCache(() => deps.cache.top(limit));
      if (cached) return cached;
      const db = await topFromDb(deps.db, limit);
      return { entries: db.entries, total: db.total, asOf: db.asOf?.toISOString() ?? '' };
    },
    async stats(requested) {
      const userIds = checkUserIds(requested);
      const cached = await fromCache(() => deps.cache.stats(userIds));
      if (cached) return userIds.map((id, i) => cached[i] ?? unranked(id));
      const rows = new Map((await statsFromDb(deps.db, userIds)).map((r) => [r.userId, r]));
      return userIds.map((id) => rows.get(id) ?? unranked(id));
    },
  };
}
