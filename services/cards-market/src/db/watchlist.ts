import type { Knex } from 'knex';
import type { AlertDirection } from '../domain/watchlist';

type Db = Knex | Knex.Transaction;

export interface WatchRow {
  user_id: number;
  player_id: number;
  created_at: Date;
}

export interface AlertRow {
  id: number;
  user_id: number;
  player_id: number;
  direction: AlertDirection;
  threshold: number;
  met: boolean;
  last_triggered_at: Date | null;
  created_at: Date;
}

/** Serialises one user's watchlist changes, so the limits hold under parallel requests. */
export async function lockUserWatchlist(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('cards_market.watchlist'), ?::int)`, [
    userId % 2_147_483_647,
  ]);
}

export async function watchedPlayers(db: Db, userId: number): Promise<WatchRow[]> {
  return (await db('watchlist')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'player_id', order: 'asc' },
    ])) as WatchRow[];
}

export async function findWatch(db: Db, userId: number, playerId: number): Promise<WatchRow | undefined> {
  return (await db('watchlist').where({ user_id: userId, player_id: playerId }).first()) as
    WatchRow | undefined;
}

export async function countWatched(db: Db, userId: number): Promise<number> {
  const [row] = (await db('watchlist').where({ user_id: userId }).count({ n: '*' })) as {
    n: string | number;
  }[];
  return Number(row?.n ?? 0);
}

export async function insertWatch(trx: Knex.Transaction, userId: number, playerId: number, now: Date) {
  const [row] = (await trx('watchlist')
    .insert({ user_id: userId, player_id: playerId, created_at: now })
    .onConflict(['user_id', 'player_id'])
    .ignore()
    .returning('*')) as WatchRow[];
  return row;
}

/** Removes the player and, by cascade, its alerts. */
export async function deleteWatch(trx: Knex.Transaction, userId: number, playerId: number): Promise<void> {
  await trx('watchlist').where({ user_id: userId, player_id: playerId }).delete();
}

export async function alertsOf(db: Db, userId: number, playerIds?: number[]): Promise<AlertRow[]> {
  const query = db('price_alerts').where({ user_id: userId }).orderBy('id');
  if (playerIds) query.whereIn('player_id', playerIds);
  return (await query) as AlertRow[];
}

export async function insertAlert(
  trx: Knex.Transaction,
  alert: Pick<AlertRow, 'user_id' | 'player_id' | 'direction' | 'threshold' | 'met' | 'created_at'>,
): Promise<AlertRow | undefined> {
  const [row] = (await trx('price_alerts')
    .insert(alert)
    .onConflict(['user_id', 'player_id', 'direction', 'threshold'])
    .ignore()
    .returning('*')) as AlertRow[];
  return row;
}

export async function deleteAlert(trx: Knex.Transaction, userId: number, alertId: number): Promise<number> {
  return trx('price_alerts').where({ id: alertId, user_id: userId }).delete();
}

export interface FiredAlert {
  id: number;
  user_id: number;
  player_id: number;
  direction: AlertDirection;
  threshold: number;
  price: number;
  player_name: string;
}

/**
 * One statement per tick, whatever the number of users: every alert on a player whose price moved
 * takes its new side of the line, and the ones that flipped onto it (fired) come back. It runs in
 * the tick's transaction, so the flip and the tick are written together: a tick runs once, and a
 * crossing fires once. The player's name comes from the same statement: the tick must not wait on
 * another connection while it holds its own (PGlite has only one).
 */
export async function fireCrossedAlerts(
  trx: Knex.Transaction,
  moved: { id: number; price: number }[],
  at: Date,
): Promise<FiredAlert[]> {
  if (moved.length === 0) return [];
  const { rows } = (await trx.raw(
    `with moved as (
       select unnest(?::int[]) as player_id, unnest(?::bigint[]) as price
     ), sides as (
       select a.id, m.price,
              case when a.direction = 'above' then m.price >= a.threshold else m.price <= a.threshold end as now_met
         from price_alerts a join moved m on m.player_id = a.player_id
     ), flipped as (
       update price_alerts a
          set met = s.now_met,
              last_triggered_at = case when s.now_met then ? else a.last_triggered_at end
         from sides s
        where a.id = s.id and a.met <> s.now_met
       returning a.id, a.user_id, a.player_id, a.direction, a.threshold, s.price, s.now_met
     )
     select f.id, f.user_id, f.player_id, f.direction, f.threshold, f.price, p.name as player_name
       from flipped f join players p on p.id = f.player_id
      where f.now_met order by f.id`,
    [moved.map((p) => p.id), moved.map((p) => p.price), at],
  )) as { rows: FiredAlert[] };
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    user_id: Number(r.user_id),
    threshold: Number(r.threshold),
    price: Number(r.price),
  }));
}

/**
 * The player's price, share-locked: a tick updates the row before it evaluates alerts, so an alert
 * stored under this lock is either evaluated by that tick or starts from its new price.
 */
export async function lockedPrice(trx: Knex.Transaction, playerId: number): Promise<number | undefined> {
  const row = (await trx('players').where({ id: playerId }).forShare().first('current_price')) as
    { current_price: number | string } | undefined;
  return row ? Number(row.current_price) : undefined;
}
