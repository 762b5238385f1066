import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export interface UserBadgeRow {
  badge_id: string;
  earned_at: Date;
}

/**
 * Badges earned, in one statement; each pair of user and badge once, in the order given (callers
 * sort them, so two transactions never wait in a cycle). Returns the pairs this call earned, as
 * `user:badge` (a badge is earned once per user).
 */
export async function insertBadges(
  trx: Knex.Transaction,
  badges: { userId: number; badgeId: string; earnedAt: Date }[],
): Promise<Set<string>> {
  if (badges.length === 0) return new Set();
  const inserted = (await trx('user_badges')
    .insert(
      badges.map(({ userId, badgeId, earnedAt }) => ({
        user_id: userId,
        badge_id: badgeId,
        earned_at: earnedAt,
      })),
    )
    .onConflict(['user_id', 'badge_id'])
    .ignore()
    .returning(['user_id', 'badge_id'])) as { user_id: number; badge_id: string }[];
  return new Set(inserted.map((row) => `${Number(row.user_id)}:${row.badge_id}`));
}

/** Which of `badgeIds` each of the users has earned, in one statement. */
export async function badgesOfUsers(
  db: Db,
  userIds: number[],
  badgeIds: string[],
): Promise<Map<number, Set<string>>> {
  const earned = new Map<number, Set<string>>();
  if (userIds.length === 0 || badgeIds.length === 0) return earned;
  const rows = (await db('user_badges')
    .whereIn('user_id', userIds)
    .whereIn('badge_id', badgeIds)
    .select('user_id', 'badge_id')) as { user_id: number; badge_id: string }[];
  for (const row of rows) {
    const userId = Number(row.user_id);
    earned.set(userId, (earned.get(userId) ?? new Set()).add(row.badge_id));
  }
  return earned;
}

export async function userBadges(db: Db, userId: number): Promise<UserBadgeRow[]> {
  const rows = (await db('user_badges')
    .where({ user_id: userId })
    .orderBy([
      { column: 'earned_at', order: 'desc' },
      { column: 'badge_id', order: 'asc' },
    ])
    .select('badge_id', 'earned_at')) as UserBadgeRow[];
  return rows.map((row) => ({ ...row, earned_at: toDate(row.earned_at) }));
}

/**
 * Lifetime counters moved on by `by` events each, in one statement; each pair of user and counter
 * once, in the order given (callers sort them, so two transactions never wait in a cycle). Returns
 * the counts after, in that order.
 */
/** A user's lifetime counters by name (a counter never moved is absent). */
export async function userCounters(db: Db, userId: number): Promise<Map<string, number>> {
  const rows = (await db('lifetime_counts').where({ user_id: userId }).select('counter', 'count')) as {
    counter: string;
    count: number | string;
  }[];
  return new Map(rows.map((row) => [row.counter, Number(row.count)]));
}

export async function incrementCounters(
  trx: Knex.Transaction,
  increments: { userId: number; counter: string; by: number }[],
): Promise<number[]> {
  if (increments.length === 0) return [];
  const rows = (await trx('lifetime_counts')
    .insert(increments.map(({ userId, counter, by }) => ({ user_id: userId, counter, count: by })))
    .onConflict(['user_id', 'counter'])
    .merge({ count: trx.raw('lifetime_counts.count + excluded.count') })
    .returning(['user_id', 'counter', 'count'])) as { user_id: number; counter: string; count: number }[];
  const counts = new Map(rows.map((row) => [`${Number(row.user_id)}:${row.counter}`, Number(row.count)]));
  return increments.map(({ userId, counter }) => counts.get(`${userId}:${counter}`)!);
}
