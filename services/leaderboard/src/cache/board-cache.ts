import type { BoardEntry, RankedStats } from '../domain/ranking';

/**
 * The read cache of the board: Redis (a sorted set) when REDIS_URL is set, process memory otherwise.
 * Postgres is the truth; the cache only ever takes an entry newer (by version) than the one it holds,
 * so writers on several replicas, a rebuild and live updates can interleave in any order.
 */
export interface BoardCache {
  /** Takes each entry whose version is newer than the cached one; ranked entries join the order, others leave it. */
  apply(entries: BoardEntry[], asOf?: Date): Promise<void>;
  /** The top `limit`, or undefined when the cache has not been built (empty, flushed). */
  top(limit: number): Promise<{ entries: RankedStats[]; total: number; asOf: string } | undefined>;
  /** Stats and rank per user (undefined for users the cache does not hold), or undefined when not built. */
  stats(userIds: number[]): Promise<(RankedStats | undefined)[] | undefined>;
  /** The version held per user, for reconciling with Postgres. */
  versions(): Promise<Map<number, number>>;
  isBuilt(): Promise<boolean>;
  /** Marks a complete build: reads trust the cache from now on. */
  markBuilt(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
