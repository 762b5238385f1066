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
 * Adds a notification once per (user, fact), in one statement. The user's feed row is locked first
 * (the upsert) and the id drawn after (the insert takes its row from the lock's): the next
 * notification of the same user waits for this commit, so one user's ids grow in commit order and
 * "everything after the last id I saw" never skips one. Returns the id, or undefined when this fact
 * was already notified.
 */
export async function insertNotification(trx: Knex.Transaction, draft: Draft): Promise<number | undefined> {
  const { rows } = (await trx.raw(
    `with feed as (
       insert into feeds (user_id, last_id) values (?, 0)
       on conflict (user_id) do update set last_id = feeds.last_id
       returning user_id
     )
     insert into notifications (user_id, kind, type, params, link, dedupe_key, created_at)
     select user_id, ?::text, ?::text, ?::jsonb, ?::text, ?::text, ?::timestamptz from feed
     on conflict (user_id, dedupe_key) do nothing
     returning id`,
    [
      draft.userId,
      draft.kind,
      draft.type,
      JSON.stringify(draft.params),
      draft.link,
      draft.dedupeKey,
      draft.createdAt,
    ],
  )) as { rows: { id: number }[] };
  return rows[0] ? Number(rows[0].id) : undefined;
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

export async function unreadCount(db: Knex, userId: number): Promise<number> {
  const { rows } = (await db.raw(
    'select count(*)::int as count from notifications where user_id = ? and read_at is null',
    [userId],
  )) as { rows: { count: number }[] };
  return Number(rows[0]!.count);
}

/** How many of `ids` are the user's own. */
export async function countOwned(db: Knex, userId: number, ids: number[]): Promise<number> {
  const { rows } = (await db.raw(
    'select count(*)::int as count from notifications where user_id = ? and id = any(?::bigint[])',
    [userId, ids],
  )) as { rows: { count: number }[] };
  return Number(rows[0]!.count);
}

/** Marks some (all when `ids` is undefined) of the user's unread notifications read. Returns how many changed. */
export async function markRead(db: Knex, userId: number, at: Date, ids?: number[]): Promise<number> {
  const { rows } = (await db.raw(
    `update notifications set read_at = ?
      where user_id = ? and read_at is null and (?::bigint[] is null or id = any(?::bigint[]))
      returning id`,
    [at, userId, ids ?? null, ids ?? null],
  )) as { rows: unknown[] };
  return rows.length;
}
