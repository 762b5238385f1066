import type { Knex } from 'knex';
import type { Draft, NotificationType } from '../domain/drafts';

export interface NotificationRow {
  id: number;
  userId: number;
  kind: string;
  type: NotificationType;
  params: Record<string, string | number>;
  link: string;
  createdAt: Date;
  read: boolean;
}

interface Row {
  id: number;
  user_id: number;
  kind: string;
  type: NotificationType;
  params: Record<string, string | number> | string;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

const toNotification = (r: Row): NotificationRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  kind: r.kind,
  type: r.type,
  params: typeof r.params === 'string' ? (JSON.parse(r.params) as Record<string, string | number>) : r.params,
  link: r.link,
  createdAt: r.created_at,
  read: r.read_at !== null,
});

const COLUMNS = 'id, user_id, kind, type, params, link, created_at, read_at';

/**
 * Adds a notification once per (user, fact), in one statement, and counts it unread on the feed.
 * The user's feed row is locked first (the upsert) and the id drawn after (the insert takes its row
 * from the lock's): the next notification of the same user waits for this commit, so one user's ids
 * grow in commit order and "everything after the last id I saw" never skips one. The feed's count is
 * read and moved under that lock, so it is the count at the commit. Returns the id and the unread
 * count with it, or undefined when this fact was already notified (its count is taken back).
 */
export async function insertNotification(
  trx: Knex.Transaction,
  draft: Draft,
): Promise<{ id: number; unread: number } | undefined> {
  const { rows } = (await trx.raw(
    `with feed as (
       insert into feeds (user_id, last_id, unread) values (?, 0, 1)
       on conflict (user_id) do update set unread = feeds.unread + 1
       returning user_id, unread
     )
     insert into notifications (user_id, kind, type, params, link, dedupe_key, created_at)
     select user_id, ?::text, ?::text, ?::jsonb, ?::text, ?::text, ?::timestamptz from feed
     on conflict (user_id, dedupe_key) do nothing
     returning id, (select unread from feed) as unread`,
    [
      draft.userId,
      draft.kind,
      draft.type,
      JSON.stringify(draft.params),
      draft.link,
      draft.dedupeKey,
      draft.createdAt,
    ],
  )) as { rows: { id: number; unread: number }[] };
  const row = rows[0];
  if (row) return { id: Number(row.id), unread: Number(row.unread) };
  // Notified before (a fact seen again): its count goes back, under the lock the upsert took.
  await trx.raw('update feeds set unread = unread - 1 where user_id = ?', [draft.userId]);
  return undefined;
}

/** A page of a user's notifications, newest first, before the `beforeId` cursor. */
export async function listPage(
  db: Knex,
  query: { userId: number; unreadOnly: boolean; beforeId?: number; limit: number },
): Promise<NotificationRow[]> {
  const { rows } = (await db.raw(
    `select ${COLUMNS} from notifications
      where user_id = ? and (? or read_at is null) and (?::bigint is null or id < ?::bigint)
      order by id desc limit ?`,
    [query.userId, !query.unreadOnly, query.beforeId ?? null, query.beforeId ?? null, query.limit],
  )) as { rows: Row[] };
  return rows.map(toNotification);
}

/** A user's notifications after `afterId`, oldest first (replay and live delivery). */
export async function listAfter(
  db: Knex,
  userId: number,
  afterId: number,
  limit: number,
): Promise<NotificationRow[]> {
  const { rows } = (await db.raw(
    `select ${COLUMNS} from notifications where user_id = ? and id > ? order by id limit ?`,
    [userId, afterId, limit],
  )) as { rows: Row[] };
  return rows.map(toNotification);
}

/** The id below the newest `count` notifications of a user (0 when there are fewer). */
export async function idBeforeNewest(db: Knex, userId: number, count: number): Promise<number> {
  const { rows } = (await db.raw(
    `select id from notifications where user_id = ? order by id desc offset ? limit 1`,
    [userId, count],
  )) as { rows: { id: number }[] };
  return rows[0] ? Number(rows[0].id) : 0;
}

/** The newest notification id per user, for the users given (users without any are left out). */
export async function latestIds(db: Knex, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = (await db.raw(
    `select user_id, max(id) as id from notifications where user_id = any(?::bigint[]) group by user_id`,
    [userIds],
  )) as { rows: { user_id: number; id: number }[] };
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
}

/** The user's unread count, as the feed keeps it (0 before their first notification). */
export async function unreadCount(db: Knex, userId: number): Promise<number> {
  const { rows } = (await db.raw('select unread from feeds where user_id = ?', [userId])) as {
    rows: { unread: number }[];
  };
  return rows[0] ? Number(rows[0].unread) : 0;
}

/** How many of `ids` are the user's own. */
export async function countOwned(db: Knex, userId: number, ids: number[]): Promise<number> {
  const { rows } = (await db.raw(
    'select count(*)::int as count from notifications where user_id = ? and id = any(?::bigint[])',
    [userId, ids],
  )) as { rows: { count: number }[] };
  return Number(rows[0]!.count);
}

/**
 * Marks some (all when `ids` is undefined) of the user's unread notifications read, and takes them
 * off the feed's count in the same statement. The feed's update waits for a notification being
 * added to commit and then counts it: the count answered is the count after both.
 */
export async function markRead(
  db: Knex,
  userId: number,
  at: Date,
  ids?: number[],
): Promise<{ marked: number; unread: number }> {
  const { rows } = (await db.raw(
    `with marked as (
       update notifications set read_at = ?
        where user_id = ? and read_at is null and (?::bigint[] is null or id = any(?::bigint[]))
        returning id
     ), feed as (
       update feeds set unread = unread - (select count(*) from marked) where user_id = ?
       returning unread
     )
     select (select count(*) from marked)::int as marked, coalesce((select unread from feed), 0) as unread`,
    [at, userId, ids ?? null, ids ?? null, userId],
  )) as { rows: { marked: number; unread: number }[] };
  return { marked: Number(rows[0]!.marked), unread: Number(rows[0]!.unread) };
}
