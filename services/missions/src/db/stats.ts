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
 * One statement: the row as it stood, locked (so a fold of the same user waits and then reads what
 * the other wrote), and the upsert whose conflict branch folds only a newer version.
 */
export async function foldStats(trx: Knex.Transaction, next: StatsRow): Promise<FoldResult> {
  const { rows } = (await trx.raw(
    `with previous as (
       select user_id, collection_value, card_count, version, as_of
         from user_stats where user_id = ? for update
     ), folded as (
       -- Reading from previous makes it run, and lock, first.
       insert into user_stats (user_id, collection_value, card_count, version, as_of)
       select ?::bigint, ?::bigint, ?::int, ?::bigint, ?::timestamptz from (select count(*) from previous) locked_first
       on conflict (user_id) do update
          set collection_value = excluded.collection_value, card_count = excluded.card_count,
              version = excluded.version, as_of = excluded.as_of
        where user_stats.version < excluded.version
       returning user_id
     )
     select (select row_to_json(p) from previous p) as previous, exists (select 1 from folded) as folded`,
    [next.user_id, next.user_id, next.collection_value, next.card_count, next.version, next.as_of],
  )) as { rows: { previous: StatsRow | null; folded: boolean }[] };
  const { previous: found, folded } = rows[0]!;
  if (!folded) return { stale: true };
  const previous = found
    ? {
        ...found,
        collection_value: Number(found.collection_value),
        version: Number(found.version),
        as_of: toDate(found.as_of),
      }
    : undefined;
  return { stale: false, previous };
}
