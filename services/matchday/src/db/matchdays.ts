import type { Knex } from 'knex';
import type { MatchdayWindow } from '../domain/schedule';
import { toDate, toNumber, type Db } from './types';

export type MatchdayState = 'open' | 'locked' | 'scored';

export interface MatchdayRow {
  id: number;
  round: number;
  opens_at: Date;
  locks_at: Date;
  results_at: Date;
  state: MatchdayState;
  entries: number;
  best_points: number | null;
  locked_at: Date | null;
  scored_at: Date | null;
}

function normalise(row: MatchdayRow): MatchdayRow {
  return {
    ...row,
    id: Number(row.id),
    round: Number(row.round),
    entries: Number(row.entries),
    best_points: toNumber(row.best_points),
    opens_at: toDate(row.opens_at),
    locks_at: toDate(row.locks_at),
    results_at: toDate(row.results_at),
    locked_at: toDate(row.locked_at),
    scored_at: toDate(row.scored_at),
  };
}

/** The window's matchday, made if it is not there yet (replicas racing make one). */
export async function ensureMatchday(db: Db, window: MatchdayWindow): Promise<MatchdayRow> {
  // Read first: every page view asks for the open matchday, and it exists but once a cycle.
  const existing = await findMatchdayByRound(db, window.round);
  if (existing) return existing;
  await db('matchdays')
    .insert({
      round: window.round,
      opens_at: window.opensAt,
      locks_at: window.locksAt,
      results_at: window.resultsAt,
      state: 'open',
    })
    .onConflict('round')
    .ignore();
  return (await findMatchdayByRound(db, window.round))!;
}

export async function findMatchdayByRound(db: Db, round: number): Promise<MatchdayRow | undefined> {
  const row = (await db('matchdays').where({ round }).first()) as MatchdayRow | undefined;
  return row && normalise(row);
}

export async function findMatchday(
  db: Db,
  id: number,
  lock?: 'update' | 'share',
): Promise<MatchdayRow | undefined> {
  const query = db('matchdays').where({ id });
  if (lock === 'update') query.forUpdate();
  if (lock === 'share') query.forShare();
  const row = (await query.first()) as MatchdayRow | undefined;
  return row && normalise(row);
}

/** The matchday that kicked off last (whatever the sweeper made of it yet). */
export async function latestKickedOff(db: Db, now: Date): Promise<MatchdayRow | undefined> {
  const row = (await db('matchdays').where('locks_at', '<=', now).orderBy('locks_at', 'desc').first()) as
    MatchdayRow | undefined;
  return row && normalise(row);
}

export async function latestScored(db: Db): Promise<MatchdayRow | undefined> {
  const row = (await db('matchdays').where({ state: 'scored' }).orderBy('locks_at', 'desc').first()) as
    MatchdayRow | undefined;
  return row && normalise(row);
}

/** Open matchdays whose kickoff has come, locked for this transaction (others skip them). */
export async function dueToLock(trx: Knex.Transaction, now: Date): Promise<MatchdayRow[]> {
  const rows = (await trx('matchdays')
    .where('state', 'open')
    .andWhere('locks_at', '<=', now)
    .orderBy('locks_at')
    .forUpdate()
    .skipLocked()) as MatchdayRow[];
  return rows.map(normalise);
}

/** The ids of locked matchdays whose results are due, oldest first. */
export async function dueToScore(db: Db, now: Date): Promise<MatchdayRow[]> {
  const rows = (await db('matchdays')
    .where('state', 'locked')
    .andWhere('results_at', '<=', now)
    .orderBy('locks_at')) as MatchdayRow[];
  return rows.map(normalise);
}

/** The earliest results time still to come of a locked matchday, if any. */
export async function nextResultsAt(db: Db, now: Date): Promise<Date | undefined> {
  const row = (await db('matchdays')
    .where('state', 'locked')
    .andWhere('results_at', '>', now)
    .min({ at: 'results_at' })
    .first()) as { at: Date | string | null } | undefined;
  return row?.at ? new Date(row.at) : undefined;
}

export async function markLocked(
  trx: Knex.Transaction,
  id: number,
  entries: number,
  now: Date,
): Promise<void> {
  await trx('matchdays').where({ id, state: 'open' }).update({ state: 'locked', entries, locked_at: now });
}

export async function markScored(
  trx: Knex.Transaction,
  id: number,
  entries: number,
  bestPoints: number | null,
  now: Date,
): Promise<void> {
  await trx('matchdays')
    .where({ id, state: 'locked' })
    .update({ state: 'scored', entries, best_points: bestPoints, scored_at: now });
}

export async function countLineups(db: Db, matchdayId: number): Promise<number> {
  const row = (await db('lineups').where({ matchday_id: matchdayId }).count({ n: '*' }).first()) as {
    n: number | string;
  };
  return Number(row.n);
}

/** The matchdays made so far, newest kickoff first. */
export async function recentMatchdays(db: Db, limit: number): Promise<MatchdayRow[]> {
  const rows = (await db('matchdays').orderBy('locks_at', 'desc').limit(limit)) as MatchdayRow[];
  return rows.map(normalise);
}
