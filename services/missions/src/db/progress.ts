import type { Knex } from 'knex';
import type { Period } from '../domain/periods';
import type { Progress } from '../domain/progress';
import { toDate, type Db } from './types';

export interface ProgressRow {
  user_id: number;
  mission_id: number;
  period_key: string;
  period_start: Date;
  period_end: Date;
  progress: number;
  baseline: number | null;
  last_event_at: Date | null;
  completed_at: Date | null;
}

function normalise(row: ProgressRow): ProgressRow {
  return {
    ...row,
    period_start: toDate(row.period_start),
    period_end: toDate(row.period_end),
    last_event_at: toDate(row.last_event_at),
    completed_at: toDate(row.completed_at),
  };
}

export const progressOf = (row: ProgressRow): Progress => ({
  progress: Number(row.progress),
  lastEventAt: row.last_event_at,
  completedAt: row.completed_at,
});

/**
 * The progress rows of the given mission instances (of one or several users), each created at zero
 * (with its `baseline`) when missing, and locked until the transaction ends: events and claims of one
 * mission instance take turns. One statement for all of them: an upsert whose conflict branch writes
 * a key column with its own value locks the existing row and returns it as it was (an insert that
 * did nothing, then SELECT … FOR UPDATE, took two round trips for every mission an event moves).
 * The rows are locked in the order given (callers sort by user, mission and period, so two
 * transactions never wait in a cycle) and returned in that order.
 */
export async function lockProgressMany(
  trx: Knex.Transaction,
  instances: { userId: number; missionId: number; period: Period; baseline: number | null }[],
  now: Date,
): Promise<ProgressRow[]> {
  if (instances.length === 0) return [];
  const rows = (await trx('mission_progress')
    .insert(
      instances.map(({ userId, missionId, period, baseline }) => ({
        user_id: userId,
        mission_id: missionId,
        period_key: period.key,
        period_start: period.start,
        period_end: period.end,
        progress: 0,
        baseline,
        updated_at: now,
      })),
    )
    .onConflict(['user_id', 'mission_id', 'period_key'])
    .merge(['user_id'])
    .returning('*')) as ProgressRow[];
  const keyOf = (userId: number, missionId: number, periodKey: string) =>
    `${userId}:${missionId}:${periodKey}`;
  const byKey = new Map(
    rows.map((row) => [keyOf(Number(row.user_id), row.mission_id, row.period_key), normalise(row)]),
  );
  return instances.map(({ userId, missionId, period }) => byKey.get(keyOf(userId, missionId, period.key))!);
}

/** The row of a finished mission instance, locked; undefined when nothing was ever counted. */
export async function findProgress(
  db: Db,
  userId: number,
  missionId: number,
  periodKey: string,
  lock = false,
): Promise<ProgressRow | undefined> {
  const query = db('mission_progress').where({
    user_id: userId,
    mission_id: missionId,
    period_key: periodKey,
  });
  if (lock) query.forUpdate();
  const row = (await query.first()) as ProgressRow | undefined;
  return row && normalise(row);
}

/** The new progress of several rows of one user, in one statement. */
export async function saveProgressMany(
  trx: Knex.Transaction,
  changes: { row: ProgressRow; next: Progress }[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const values = changes.map(() => '(?::bigint, ?::int, ?::text, ?::int, ?::timestamptz, ?::timestamptz)');
  await trx.raw(
    `update mission_progress as m
        set progress = v.progress, last_event_at = v.last_event_at, completed_at = v.completed_at,
            updated_at = ?
       from (values ${values.join(', ')}) as v(user_id, mission_id, period_key, progress, last_event_at, completed_at)
      where m.user_id = v.user_id and m.mission_id = v.mission_id and m.period_key = v.period_key`,
    [
      now,
      ...changes.flatMap(({ row, next }) => [
        row.user_id,
        row.mission_id,
        row.period_key,
        next.progress,
        next.lastEventAt,
        next.completedAt,
      ]),
    ],
  );
}
