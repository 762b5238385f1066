import type { Knex } from 'knex';
import { toDate, type Db } from './types';

export interface UserBadgeRow {
  badge_id: string;
  earned_at: Date;
}

/** True when this call earned it; a badge is earned once per user. */
export async function insertBadge(
  trx: Knex.Transaction,
  userId: number,
  badgeId: string,
  earnedAt: Date,
): Promise<boolean> {
  const inserted = await trx('user_badges')
    .insert({ user_id: userId, badge_id: badgeId, earned_at: earnedAt })
    .onConflict(['user_id', 'badge_id'])
    .ignore()
    .returning('badge_id');
  return inserted.length > 0;
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

/** The lifetime counter after `by` more events. */
export async function incrementCounter(
  trx: Knex.Transaction,
  userId: number,
  counter: string,
  by = 1,
): Promise<number> {
  const [row] = (await trx('lifetime_counts')
    .insert({ user_id: userId, counter, count: by })
    .onConflict(['user_id', 'counter'])
    .merge({ count: trx.raw('lifetime_counts.count + ?', [by]) })
    .returning('count')) as { count: number }[];
  return Number(row!.count);
}
