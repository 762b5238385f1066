import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export interface StatsRow {
  user_id: number;
  collection_value: number;
  card_count: number;
  version: number;
  as_of: Date;
}

/** The user's collection value as last folded; 0 before any. */
export async function userCollectionValue(db: Db, userId: number): Promise<number> {
  const row = (await db('user_stats').where({ user_id: userId }).first('collection_value')) as
    { collection_value: number | string } | undefined;
  return Number(row?.collection_value ?? 0);
}

/** The users' card counts as last folded; a user never folded is missing. */
export async function cardCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = (await db('user_stats').whereIn('user_id', userIds).select('user_id', 'card_count')) as {
    user_id: number | string;
    card_count: number;
  }[];
  return new Map(rows.map((row) => [Number(row.user_id), row.card_count]));
}

export type FoldResult = { stale: true } | { stale: false; previous: StatsRow | undefined };

/**
 * Folds leaderboard.stats.changed events of distinct users in: each kept only when its version is
 * newer than the last folded (a redelivered or overtaken event changes nothing). Returns what stood
 * before each, for baselines, in the order given. One statement for all: the rows as they stood,
 * locked in user order (so a fold of the same user waits and then reads what the other wrote), and
 * the upsert whose conflict branch folds only a newer version.
 */
export async function foldStatsMany(trx: Knex.Transaction, next: StatsRow[]): Promise<FoldResult[]> {
  if (next.length === 0) return [];
  const { rows } = (await trx.raw(
    `with input as (
       select * from unnest(?::bigint[], ?::bigint[], ?::int[], ?::bigint[], ?::timestamptz[])
         as i(user_id, collection_value, card_count, version, as_of)
     ), previous as (
       select user_id, collection_value, card_count, version, as_of
         from user_stats where user_id in (select user_id from input) order by user_id for update
     ), folded as (
       -- Reading from previous makes it run, and lock, first.
       insert into user_stats (user_id, collection_value, card_count, version, as_of)
       select i.* from input i, (select count(*) from previous) locked_first order by i.user_id
       on conflict (user_id) do update
          set collection_value = excluded.collection_value, card_count = excluded.card_count,
              version = excluded.version, as_of = excluded.as_of
        where user_stats.version < excluded.version
       returning user_id
     )
     select i.user_id,
            (select row_to_json(p) from previous p where p.user_id = i.user_id) as previous,
            exists (select 1 from folded f where f.user_id = i.user_id) as folded
       from input i`,
    [
      next.map((r) => r.user_id),
      next.map((r) => r.collection_value),
      next.map((r) => r.card_count),
      next.map((r) => r.version),
      next.map((r) => r.as_of),
    ],
  )) as { rows: { user_id: string; previous: StatsRow | null; folded: boolean }[] };
  const byUser = new Map(rows.map((row) => [Number(row.user_id), row]));
  return next.map(({ user_id }): FoldResult => {
    const { previous: found, folded } = byUser.get(user_id)!;
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
  });
}
