import type { OutboxRow } from '@touchline/kit';
import { toDate, type Db } from './types';
import type { ProgressRow } from './progress';

export interface ClaimRow {
  claim_id: string;
  user_id: number;
  mission_id: number;
  period_key: string;
  idempotency_key: string;
  reward: number;
  state: 'pending' | 'paid';
  coins: number | null;
  transaction_id: number | null;
  claimed_at: Date;
  paid_at: Date | null;
  updated_at: Date;
}

function normalise(row: ClaimRow): ClaimRow {
  return {
    ...row,
    reward: Number(row.reward),
    claimed_at: toDate(row.claimed_at),
    paid_at: toDate(row.paid_at),
    updated_at: toDate(row.updated_at),
  };
}

export async function findClaim(db: Db, claimId: string, lock = false): Promise<ClaimRow | undefined> {
  const query = db('mission_claims').where({ claim_id: claimId });
  if (lock) query.forUpdate();
  const row = (await query.first()) as ClaimRow | undefined;
  return row && normalise(row);
}

/** The progress a claim's answer shows: its mission instance's row. */
export type ClaimProgress = Pick<ProgressRow, 'progress' | 'completed_at' | 'period_end'>;

export interface ClaimLookup {
  /** The user's claim under this idempotency key, of any mission or period, with its progress. */
  byKey?: { claim: ClaimRow; progress: ClaimProgress | undefined };
  /** The claim this statement recorded. */
  inserted?: ClaimRow;
  /** The mission instance's claim recorded earlier (under another key, or this one). */
  byId?: ClaimRow;
  /** The mission instance's progress. */
  progress?: ClaimProgress;
}

// JSON from row_to_json: bigints as numbers (kit's parser does the same for columns), times as text.
const claimOf = (json: ClaimRow | null) => (json ? normalise(json) : undefined);
const progressOf = (json: ClaimProgress | null): ClaimProgress | undefined =>
  json
    ? {
        progress: Number(json.progress),
        completed_at: toDate(json.completed_at),
        period_end: toDate(json.period_end),
      }
    : undefined;

/**
 * A claim request's reads and write in one statement, outside any transaction: the claim under the
 * request's key (a replay), the mission instance's progress and earlier claim, and a new pending
 * claim recorded when the instance is finished and neither exists. No lock is needed: a finished
 * instance stays finished (its `completed_at` is set once), the claim id is the primary key and the
 * key unique per user, so of racing claims one inserts and the others insert nothing. A claim that
 * a racing one committed during this statement is in none of its reads (they see the statement's
 * snapshot): then nothing is returned but the progress, and the caller reads again.
 */
export async function lookUpOrRecordClaim(
  db: Db,
  claim: Pick<ClaimRow, 'claim_id' | 'user_id' | 'mission_id' | 'period_key' | 'idempotency_key' | 'reward'>,
  now: Date,
): Promise<ClaimLookup> {
  const { rows } = (await db.raw(
    `with k as (
       select * from mission_claims where user_id = ? and idempotency_key = ?
     ), p as (
       select progress, completed_at, period_end from mission_progress
        where user_id = ? and mission_id = ? and period_key = ?
     ), i as (
       insert into mission_claims
              (claim_id, user_id, mission_id, period_key, idempotency_key, reward, state, claimed_at, updated_at)
       select ?, ?, ?, ?, ?, ?, 'pending', ?, ?
         from p
        where p.completed_at is not null and not exists (select 1 from k)
       on conflict do nothing
       returning *
     )
     select (select row_to_json(k) from k) as by_key,
            (select row_to_json(kp) from k join mission_progress kp using (user_id, mission_id, period_key)) as key_progress,
            (select row_to_json(i) from i) as inserted,
            (select row_to_json(c) from mission_claims c where c.claim_id = ?) as by_id,
            (select row_to_json(p) from p) as progress`,
    [
      claim.user_id,
      claim.idempotency_key,
      claim.user_id,
      claim.mission_id,
      claim.period_key,
      claim.claim_id,
      claim.user_id,
      claim.mission_id,
      claim.period_key,
      claim.idempotency_key,
      claim.reward,
      now,
      now,
      claim.claim_id,
    ],
  )) as {
    rows: {
      by_key: ClaimRow | null;
      key_progress: ClaimProgress | null;
      inserted: ClaimRow | null;
      by_id: ClaimRow | null;
      progress: ClaimProgress | null;
    }[];
  };
  const row = rows[0]!;
  const byKey = claimOf(row.by_key);
  return {
    byKey: byKey && { claim: byKey, progress: progressOf(row.key_progress) },
    inserted: claimOf(row.inserted),
    byId: claimOf(row.by_id),
    progress: progressOf(row.progress),
  };
}

/** A claim by its id or by the user's key, read after a racing claim took one of them. */
export async function findClaimByIdOrKey(
  db: Db,
  claimId: string,
  userId: number,
  key: string,
): Promise<{ byId?: ClaimRow; byKey?: ClaimRow }> {
  const rows = (await db('mission_claims')
    .where({ claim_id: claimId })
    .orWhere({ user_id: userId, idempotency_key: key })) as ClaimRow[];
  const found = rows.map(normalise);
  return {
    byId: found.find((c) => c.claim_id === claimId),
    byKey: found.find((c) => Number(c.user_id) === userId && c.idempotency_key === key),
  };
}

/**
 * pending → paid, with what that earns, in one statement and so without a transaction: the claim's
 * row, the claim badges that the user's paid claims reach (of `badges`, the ones not known earned),
 * and the outbox rows of the claim's event and of the badges this statement inserted (`events`, each
 * tagged with its badge, in order). Undefined, having written nothing, when another driver already
 * marked the claim (the update waits for its row lock, then finds the claim paid). The user's paid
 * claims are counted in the statement's snapshot, which holds the others but not this one.
 */
export async function settleClaim(
  db: Db,
  claimId: string,
  paid: { coins: number; transactionId: number },
  now: Date,
  badges: { badgeId: string; atLeast: number }[],
  events: { row: OutboxRow; badgeId: string | null }[],
): Promise<{ claim: ClaimRow; paidClaims: number; badgesInserted: string[] } | undefined> {
  const sorted = [...badges].sort((a, b) => a.badgeId.localeCompare(b.badgeId));
  const badgeValues = sorted.map(() => '(?::text, ?::int)').join(', ');
  const eventValues = events
    .map(() => '(?::int, ?::uuid, ?::text, ?::text, ?::bytea, ?::jsonb, ?::text)')
    .join(', ');
  const { rows } = (await db.raw(
    `with c as (
       update mission_claims
          set state = 'paid', coins = ?, transaction_id = ?, paid_at = ?, updated_at = ?
        where claim_id = ? and state = 'pending'
        returning *,
                  (select count(*) from mission_claims o
                    where o.user_id = mission_claims.user_id and o.state = 'paid') + 1 as paid_claims
     ), b as (
       ${
         sorted.length === 0
           ? 'select null::text as badge_id where false'
           : `insert into user_badges (user_id, badge_id, earned_at)
              select c.user_id, v.badge_id, ? from c, (values ${badgeValues}) as v(badge_id, at_least)
               where c.paid_claims >= v.at_least
               order by v.badge_id
              on conflict do nothing
              returning badge_id`
       }
     ), e as (
       insert into outbox (event_id, topic, key, payload, headers)
       select v.event_id, v.topic, v.key, v.payload, v.headers
         from (values ${eventValues}) as v(n, event_id, topic, key, payload, headers, badge_id)
        where exists (select 1 from c) and (v.badge_id is null or v.badge_id in (select badge_id from b))
        order by v.n
     )
     select c.*, array(select badge_id from b) as badges_inserted from c`,
    [
      paid.coins,
      paid.transactionId,
      now,
      now,
      claimId,
      ...(sorted.length === 0 ? [] : [now, ...sorted.flatMap((b) => [b.badgeId, b.atLeast])]),
      ...events.flatMap(({ row, badgeId }, n) => [
        n,
        row.event_id,
        row.topic,
        row.key,
        row.payload,
        JSON.stringify(row.headers),
        badgeId,
      ]),
    ],
  )) as { rows: (ClaimRow & { paid_claims: number | string; badges_inserted: string[] })[] };
  const row = rows[0];
  if (!row) return undefined;
  const { paid_claims: paidClaims, badges_inserted: badgesInserted, ...claim } = row;
  return { claim: normalise(claim), paidClaims: Number(paidClaims), badgesInserted };
}

/** A payment attempt that did not finish: the sweeper waits a while from here before trying again. */
export async function touchClaim(db: Db, claimId: string, now: Date): Promise<void> {
  await db('mission_claims').where({ claim_id: claimId, state: 'pending' }).update({ updated_at: now });
}

export async function stuckClaims(db: Db, before: Date, limit: number): Promise<ClaimRow[]> {
  const rows = (await db('mission_claims')
    .where({ state: 'pending' })
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)) as ClaimRow[];
  return rows.map(normalise);
}

export async function countPaidClaims(db: Db, userId: number): Promise<number> {
  const row = (await db('mission_claims')
    .where({ user_id: userId, state: 'paid' })
    .count('* as n')
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export type ClaimedMissionRow = ClaimRow & Pick<ProgressRow, 'progress' | 'completed_at' | 'period_end'>;

/** The user's claims with their progress rows, newest completion first. */
export async function claimedMissions(db: Db, userId: number, limit: number): Promise<ClaimedMissionRow[]> {
  const rows = (await db('mission_claims as c')
    .join('mission_progress as p', (on) =>
      on
        .on('p.user_id', 'c.user_id')
        .andOn('p.mission_id', 'c.mission_id')
        .andOn('p.period_key', 'c.period_key'),
    )
    .where('c.user_id', userId)
    .orderBy([
      { column: 'p.completed_at', order: 'desc' },
      { column: 'c.claimed_at', order: 'desc' },
    ])
    .limit(limit)
    .select('c.*', 'p.progress', 'p.completed_at', 'p.period_end')) as ClaimedMissionRow[];
  return rows.map((row) => ({
    ...normalise(row),
    progress: Number(row.progress),
    completed_at: toDate(row.completed_at),
    period_end: toDate(row.period_end),
  }));
}

/** A mission instance of the user's list: its progress and, once claimed, its claim's time and reward. */
export interface ListedInstanceRow {
  mission_id: number;
  period_key: string;
  progress: number;
  completed_at: Date | null;
  claim: Pick<ClaimRow, 'claimed_at' | 'reward'> | undefined;
}

/**
 * The user's progress rows of the given period instances with their claims, in one statement (a
 * claim is recorded only from its instance's finished progress row, and rows are never deleted).
 */
export async function instancesInPeriods(
  db: Db,
  userId: number,
  periodKeys: string[],
): Promise<ListedInstanceRow[]> {
  const rows = (await db('mission_progress as p')
    .leftJoin('mission_claims as c', (on) =>
      on
        .on('c.user_id', 'p.user_id')
        .andOn('c.mission_id', 'p.mission_id')
        .andOn('c.period_key', 'p.period_key'),
    )
    .where('p.user_id', userId)
    .whereIn('p.period_key', periodKeys)
    .select('p.mission_id', 'p.period_key', 'p.progress', 'p.completed_at', 'c.claimed_at', 'c.reward')) as {
    mission_id: number;
    period_key: string;
    progress: number | string;
    completed_at: Date | string | null;
    claimed_at: Date | string | null;
    reward: number | string | null;
  }[];
  return rows.map((row) => ({
    mission_id: row.mission_id,
    period_key: row.period_key,
    progress: Number(row.progress),
    completed_at: toDate(row.completed_at),
    claim:
      row.claimed_at === null
        ? undefined
        : { claimed_at: toDate(row.claimed_at), reward: Number(row.reward) },
  }));
}
