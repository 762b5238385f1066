import type { Tx } from '@touchline/kit';
import { usersPage, type UserTotals } from '../db/projection';
import type { BoardEntry } from '../domain/ranking';
import type { LeaderboardDeps } from './deps';

const PAGE = 1_000;

const toEntry = (row: UserTotals): BoardEntry => ({
  userId: row.userId,
  collectionValue: row.collectionValue,
  cardCount: row.cardCount,
  version: row.version,
  banned: row.banned,
});

/**
 * After the transaction commits, the changed rows go to the cache. A failure here is repaired by the
 * reconcile job (the cache takes versions only forward, so repeating is harmless).
 */
export function pushAfterCommit(deps: LeaderboardDeps, trx: Tx, rows: UserTotals[]): void {
  if (rows.length === 0) return;
  const asOf = rows.reduce((latest, r) => (r.asOf > latest ? r.asOf : latest), rows[0]!.asOf);
  void trx.executionPromise
    .then(() => deps.cache.apply(rows.map(toEntry), asOf))
    .catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'board cache update failed; reconcile repairs it'),
    );
}

/**
 * Brings the cache level with Postgres: every row whose version the cache lacks or holds older is
 * applied. On an empty cache this is the rebuild. Returns how many entries were applied.
 */
export async function reconcile(deps: LeaderboardDeps): Promise<number> {
  const held = await deps.cache.versions();
  let applied = 0;
  for (let after = -1; ;) {
    const rows = await usersPage(deps.db, after, PAGE);
    if (rows.length === 0) break;
    const stale = rows.filter((r) => (held.get(r.userId) ?? -1) < r.version);
    if (stale.length > 0) {
      const asOf = stale.reduce((latest, r) => (r.asOf > latest ? r.asOf : latest), stale[0]!.asOf);
      await deps.cache.apply(stale.map(toEntry), asOf);
    }
    applied += stale.length;
    after = rows[rows.length - 1]!.userId;
  }
  return applied;
}

/** Reconcile, then mark the cache built; reads trust it from then on. */
export async function rebuild(deps: LeaderboardDeps): Promise<void> {
  await reconcile(deps);
  await deps.cache.markBuilt();
  deps.logger.info('leaderboard cache built from Postgres');
}

/** The job: an unbuilt (empty, flushed) cache is rebuilt, a built one repaired. */
export async function syncCache(deps: LeaderboardDeps): Promise<void> {
  if (await deps.cache.isBuilt()) await reconcile(deps);
  else await rebuild(deps);
}

/** One rebuild at a time per replica, started by a read that found the cache unbuilt. */
export function rebuildOnDemand(deps: LeaderboardDeps): () => void {
  let running: Promise<void> | undefined;
  return () => {
    running ??= rebuild(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'board cache rebuild failed'))
      .finally(() => (running = undefined));
  };
}
