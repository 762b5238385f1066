import type { Knex } from 'knex';

/** A user's row of the projection, as the cache and the stats event need it. */
export interface UserTotals {
  userId: number;
  collectionValue: number;
  cardCount: number;
  version: number;
  banned: boolean;
  asOf: Date;
  /** The row was created by this change (the user was not on the board before). */
  firstSeen?: boolean;
  /** The collection value before this change (recomputeUsers only). */
  previousValue?: number;
}

interface UserRow {
  user_id: number;
  collection_value: number;
  card_count: number;
  version: number;
  banned: boolean;
  as_of: Date;
}

const toTotals = (r: UserRow): UserTotals => ({
  userId: Number(r.user_id),
  collectionValue: Number(r.collection_value),
  cardCount: Number(r.card_count),
  version: Number(r.version),
  banned: r.banned,
  asOf: r.as_of,
});

const USER_COLUMNS = 'user_id, collection_value, card_count, version, banned, as_of';

/** A card's move as the projection records it: its new owner, from the event's time. */
export interface CardRecord {
  cardId: number;
  playerId: number;
  ownerId: number;
  at: Date;
}

/**
 * Runs a statement that records the cards' new owners (`recording`: its SQL over the rows `v` of
 * the records, and its bindings) after locking the cards' rows in id order, in one round trip, and
 * returns the owner each card had before (absent when first seen). The statement reads from the
 * locked rows, which makes the locks come first. Each card at most once per call.
 */
async function recordUnderLock(
  trx: Knex.Transaction,
  records: CardRecord[],
  recording: (lockedFirst: string) => string,
): Promise<Map<number, number>> {
  const { rows } = (await trx.raw(
    `with previous as (select card_id, owner_id from cards where card_id = any(?::bigint[]) order by card_id for update),
          v as (select * from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::timestamptz[])
                  as v(card_id, player_id, owner_id, owner_at)),
          recorded as (${recording('(select count(*) from previous) locked_first')})
     select card_id, owner_id from previous`,
    [
      records.map((r) => r.cardId),
      records.map((r) => r.cardId),
      records.map((r) => r.playerId),
      records.map((r) => r.ownerId),
      records.map((r) => r.at),
    ] as Knex.RawBinding[],
  )) as { rows: { card_id: number; owner_id: number }[] };
  return new Map(rows.map((r) => [Number(r.card_id), Number(r.owner_id)]));
}

/**
 * Mints give cards their first owner, unless a transfer of the card arrived first: every transfer
 * happens after the mint, so it wins. Returns the owners the cards had before (see recordUnderLock).
 */
export function recordMints(trx: Knex.Transaction, records: CardRecord[]): Promise<Map<number, number>> {
  return recordUnderLock(
    trx,
    records,
    (lockedFirst) => `insert into cards (card_id, player_id, owner_id, owner_source, owner_at)
          select v.card_id, v.player_id, v.owner_id, 0, v.owner_at from v, ${lockedFirst} order by v.card_id
          on conflict (card_id) do nothing`,
  );
}

/**
 * Transfers set the owner unless a later transfer of the card is already known (the same time: the
 * one processed last wins, as in order). A transfer always beats the mint. Returns the owners the
 * cards had before (see recordUnderLock).
 */
export function recordTransfers(trx: Knex.Transaction, records: CardRecord[]): Promise<Map<number, number>> {
  return recordUnderLock(
    trx,
    records,
    (lockedFirst) => `insert into cards (card_id, player_id, owner_id, owner_source, owner_at)
          select v.card_id, v.player_id, v.owner_id, 1, v.owner_at from v, ${lockedFirst} order by v.card_id
          on conflict (card_id) do update
            set owner_id = excluded.owner_id, owner_source = 1, owner_at = excluded.owner_at
            where cards.owner_source = 0 or cards.owner_at <= excluded.owner_at`,
  );
}

/**
 * The players' prices as card events saw them. Only until a price tick names the player (a tick is
 * the authority on prices: a card event can be stamped after a tick's time yet carry the price
 * before it); among card events the latest wins. Always takes the rows' locks, in player order, so a
 * concurrent tick and this event's recompute are serialised. Each player at most once per call.
 * Returns the players whose stored price changed.
 */
export async function observePrices(
  trx: Knex.Transaction,
  prices: { playerId: number; price: number; at: Date }[],
): Promise<number[]> {
  const { rows } = (await trx.raw(
    `with before as (select player_id, price from player_prices where player_id = any(?::bigint[])),
          observed as (
            insert into player_prices (player_id, price, tick, observed_at)
            select v.player_id, v.price, null, v.at
              from unnest(?::bigint[], ?::bigint[], ?::timestamptz[]) as v(player_id, price, at)
             order by v.player_id
            on conflict (player_id) do update set price = excluded.price, observed_at = excluded.observed_at
              where player_prices.tick is null and player_prices.observed_at < excluded.observed_at
            returning player_id, price)
     select o.player_id from observed o left join before b on b.player_id = o.player_id
      where b.price is distinct from o.price`,
    [
      prices.map((p) => p.playerId),
      prices.map((p) => p.playerId),
      prices.map((p) => p.price),
      prices.map((p) => p.at),
    ],
  )) as { rows: { player_id: number }[] };
  return rows.map((r) => Number(r.player_id));
}

/** A price tick, set-wise: each named player takes the tick's price unless a later tick already set it. Returns the players whose price it set. */
export async function applyTick(
  trx: Knex.Transaction,
  tick: { tick: number; at: Date; playerIds: number[]; prices: number[] },
): Promise<number[]> {
  if (tick.playerIds.length === 0) return [];
  const { rows } = (await trx.raw(
    `insert into player_prices (player_id, price, tick, observed_at)
     select v.player_id, v.price, ?::bigint, ?::timestamptz
       from unnest(?::bigint[], ?::bigint[]) as v(player_id, price)
      order by v.player_id
     on conflict (player_id) do update
       set price = excluded.price, tick = excluded.tick, observed_at = excluded.observed_at
       where player_prices.tick is null or player_prices.tick < excluded.tick
     returning player_id`,
    [tick.tick, tick.at, tick.playerIds, tick.prices],
  )) as { rows: { player_id: number }[] };
  return rows.map((r) => Number(r.player_id));
}

/**
 * Recomputes the totals of the given users and of every holder of the given players, set-wise.
 * First it locks those users' rows in id order (creating missing ones): a concurrent transaction
 * touching the same user commits before this one computes, so no change is computed from a stale
 * snapshot. Returns the rows whose value or count changed, and rows new to the board, with their
 * new version.
 */
export async function recomputeUsers(
  trx: Knex.Transaction,
  scope: { userIds: number[]; playerIds: number[]; asOf: Date },
): Promise<UserTotals[]> {
  const affected = `select owner_id as user_id from cards where player_id = any(?::bigint[]) and owner_id <> 0
                    union select u from unnest(?::bigint[]) as u where u <> 0`;
  const { rows: locked } = (await trx.raw(
    `insert into users (user_id, as_of)
     select user_id, ?::timestamptz from (${affected}) a order by user_id
     on conflict (user_id) do update set user_id = excluded.user_id
     returning user_id`,
    [scope.asOf, scope.playerIds, scope.userIds],
  )) as { rows: { user_id: number }[] };
  if (locked.length === 0) return [];
  const { rows } = (await trx.raw(
    `with totals as (
       select a.user_id, coalesce(sum(p.price), 0)::bigint as collection_value, count(c.card_id)::int as card_count,
              min(o.collection_value) as previous_value
         from unnest(?::bigint[]) as a(user_id)
         join users o on o.user_id = a.user_id
         left join cards c on c.owner_id = a.user_id
         left join player_prices p on p.player_id = c.player_id
        group by a.user_id)
     update users u
        set collection_value = t.collection_value, card_count = t.card_count,
            version = u.version + 1, as_of = greatest(u.as_of, ?::timestamptz)
       from totals t
      where u.user_id = t.user_id
        and (u.collection_value <> t.collection_value or u.card_count <> t.card_count or u.version = 0)
     returning ${USER_COLUMNS.split(', ')
       .map((c) => `u.${c}`)
       .join(', ')}, u.version = 1 as first_seen, t.previous_value`,
    [locked.map((r) => Number(r.user_id)), scope.asOf],
  )) as { rows: (UserRow & { first_seen: boolean; previous_value: number | string })[] };
  return rows.map((r) => ({
    ...toTotals(r),
    firstSeen: r.first_seen,
    previousValue: Number(r.previous_value),
  }));
}

/** A registered user joins the board (with 0 until cards arrive). Returns the row when it was new to the board. */
export async function registerUser(
  trx: Knex.Transaction,
  user: { userId: number; registeredAt: Date },
): Promise<UserTotals | undefined> {
  const { rows } = (await trx.raw(
    `insert into users (user_id, registered_at, version, as_of) values (?, ?, 1, ?)
     on conflict (user_id) do update set registered_at = excluded.registered_at, version = users.version + 1
       where users.registered_at is null
     returning ${USER_COLUMNS}`,
    [user.userId, user.registeredAt, user.registeredAt],
  )) as { rows: UserRow[] };
  return rows[0] ? toTotals(rows[0]) : undefined;
}

/** A ban or unban; the latest by time wins, so a late ban never overrides a newer unban. Returns the row when it changed. */
export async function setBanned(
  trx: Knex.Transaction,
  change: { userId: number; banned: boolean; at: Date },
): Promise<UserTotals | undefined> {
  const { rows } = (await trx.raw(
    `insert into users (user_id, banned, banned_at, version, as_of) values (?, ?, ?, 1, ?)
     on conflict (user_id) do update set banned = excluded.banned, banned_at = excluded.banned_at,
       version = users.version + 1
       where users.banned_at is null or users.banned_at < excluded.banned_at
     returning ${USER_COLUMNS}`,
    [change.userId, change.banned, change.at, change.at],
  )) as { rows: UserRow[] };
  return rows[0] ? toTotals(rows[0]) : undefined;
}

/** Every user row in id order, a page at a time (the cache rebuild and reconcile). */
export async function usersPage(db: Knex, afterUserId: number, limit: number): Promise<UserTotals[]> {
  const { rows } = (await db.raw(
    `select ${USER_COLUMNS} from users where user_id > ? order by user_id limit ?`,
    [afterUserId, limit],
  )) as { rows: UserRow[] };
  return rows.map(toTotals);
}

export interface RankedRow {
  userId: number;
  collectionValue: number;
  cardCount: number;
  rank: number;
}

/** The top of the board straight from Postgres (while the cache is being built). */
export async function topFromDb(
  db: Knex,
  limit: number,
): Promise<{ entries: RankedRow[]; total: number; asOf?: Date }> {
  const { rows } = (await db.raw(
    `select user_id, collection_value, card_count from users
      where not banned and user_id <> 0
      order by collection_value desc, user_id limit ?`,
    [limit],
  )) as { rows: { user_id: number; collection_value: number; card_count: number }[] };
  const { rows: summary } = (await db.raw(
    `select (select count(*) from users where not banned and user_id <> 0)::int as total,
            (select max(as_of) from users) as as_of`,
  )) as { rows: { total: number; as_of: Date | null }[] };
  return {
    entries: rows.map((r, i) => ({
      userId: Number(r.user_id),
      collectionValue: Number(r.collection_value),
      cardCount: Number(r.card_count),
      rank: i + 1,
    })),
    total: Number(summary[0]!.total),
    asOf: summary[0]!.as_of ?? undefined,
  };
}

/** Stats and rank of some users straight from Postgres; users the board has not seen are left out. */
export async function statsFromDb(db: Knex, userIds: number[]): Promise<RankedRow[]> {
  const { rows } = (await db.raw(
    `select u.user_id, u.collection_value, u.card_count,
            case when u.banned or u.user_id = 0 then 0 else
              (select count(*) + 1 from users o
                where not o.banned and o.user_id <> 0
                  and (o.collection_value > u.collection_value
                       or (o.collection_value = u.collection_value and o.user_id < u.user_id)))::int
            end as rank
       from users u where u.user_id = any(?::bigint[])`,
    [userIds],
  )) as { rows: { user_id: number; collection_value: number; card_count: number; rank: number }[] };
  return rows.map((r) => ({
    userId: Number(r.user_id),
    collectionValue: Number(r.collection_value),
    cardCount: Number(r.card_count),
    rank: Number(r.rank),
  }));
}
