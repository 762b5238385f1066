import type { Knex } from 'knex';
import { toDate } from './types';

export interface StatsRow {
  user_id: number;
  collection_value: number;
  card_count: number;
  version: number;
  as_of: Date;
}

export type FoldResult = { stale: true } | { stale: false; previous: StatsRow | undefined };

/**
 * Folds one leaderboard.stats.changed in: kept only when its version is newer than the last folded
 * (a redelivered or overtaken event changes nothing). Returns what stood before, for baselines.
 */
export async function foldStats(trx: Knex.Transaction, next: StatsRow): Promise<FoldResult> {
  const found = (await trx('user_stats').where({ user_id: next.user_id }).forUpdate().first()) as
    StatsRow | undefined;
  const previous = found && {
    ...found,
    collection_value: Number(found.collection_value),
    version: Number(found.version),
    as_of: toDate(found.as_of),
  };
  if (previous && previous.version >= next.version) return { stale: true };
  await trx('user_stats').insert(next).onConflict('user_id').merge();
  return { stale: false, previous };
}
