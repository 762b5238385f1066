import type { Knex } from 'knex';
import { accountKind, type AccountKind } from '../domain/accounts';
import type { Entry } from '../domain/posting';

export interface AccountRow {
  name: string;
  kind: AccountKind;
  balance: number;
  held: number;
}

const COLUMNS = ['name', 'kind', 'balance', 'held'];

/**
 * Creates the user accounts that do not exist yet (platform accounts come with the schema). Existing
 * names are skipped by NOT EXISTS, a plain snapshot read, because ON CONFLICT alone would wait for
 * every open transaction that has updated the account. New names go in sorted, so two transactions
 * creating the same accounts wait on each other in one order.
 */
export async function ensureAccounts(trx: Knex.Transaction, names: readonly string[]): Promise<void> {
  const users = [...new Set(names)].filter((name) => accountKind(name) === 'user').sort();
  if (users.length === 0) return;
  await trx.raw(
    `insert into accounts (name, kind)
     select v.name, 'user' from (values ${users.map(() => '(?::text)').join(', ')}) as v(name)
      where not exists (select 1 from accounts a where a.name = v.name)
      order by v.name
     on conflict (name) do nothing`,
    users,
  );
}

/**
 * Creates and row-locks the accounts until the transaction ends. The wallet's one lock order: every
 * transaction that moves or reserves coins takes its account locks here, in name order, before it
 * locks or inserts any other row (a hold, a transaction key, a promo code). FOR NO KEY UPDATE, the
 * lock an UPDATE of the balance takes anyway, does not conflict with the key-share locks that the
 * foreign keys of holds and entries take on accounts that other transactions insert rows for.
 * Accounts nearly always exist (a user's is made with the welcome grant), so they are locked first
 * and only missing ones created; two transactions creating the same new account while holding
 * others can deadlock then, and retryingTransactions runs the loser again.
 */
export async function lockAccounts(
  trx: Knex.Transaction,
  names: readonly string[],
): Promise<Map<string, AccountRow>> {
  const sorted = [...new Set(names)].sort();
  const locked = await lockExisting(trx, sorted);
  if (locked.size === sorted.length) return locked;
  await ensureAccounts(trx, sorted);
  return lockExisting(trx, sorted);
}

async function lockExisting(trx: Knex.Transaction, sorted: string[]): Promise<Map<string, AccountRow>> {
  // ORDER BY runs before the row locks are taken, so they are taken in name order.
  const rows = (await trx('accounts')
    .whereIn('name', sorted)
    .orderBy('name')
    .forNoKeyUpdate()
    .select(COLUMNS)) as AccountRow[];
  return new Map(rows.map((row) => [row.name, row]));
}

/** Current balances without locks (reads and idempotent replays). */
export async function findAccounts(db: Knex, names: readonly string[]): Promise<Map<string, AccountRow>> {
  if (names.length === 0) return new Map();
  const rows = (await db('accounts')
    .whereIn('name', [...new Set(names)])
    .select(COLUMNS)) as AccountRow[];
  return new Map(rows.map((row) => [row.name, row]));
}

/** Adds the entries to the cached balances in one statement; returns the accounts afterwards. */
export async function applyEntries(
  trx: Knex.Transaction,
  entries: readonly Entry[],
  now: Date,
): Promise<Map<string, AccountRow>> {
  const values = entries.map(() => '(?::text, ?::bigint)').join(', ');
  const { rows } = (await trx.raw(
    `update accounts as a set balance = a.balance + v.delta, updated_at = ?
       from (values ${values}) as v(name, delta)
      where a.name = v.name
      returning a.name, a.kind, a.balance, a.held`,
    [now, ...entries.flatMap((e) => [e.account, e.amount])],
  )) as { rows: AccountRow[] };
  return new Map(rows.map((row) => [row.name, row]));
}

/** Reserves (positive delta) or releases (negative) coins of an account; returns it afterwards. */
export async function addHeld(
  trx: Knex.Transaction,
  name: string,
  delta: number,
  now: Date,
): Promise<AccountRow> {
  const [row] = (await trx('accounts')
    .where({ name })
    .update({ held: trx.raw('held + ?', [delta]), updated_at: now })
    .returning(COLUMNS)) as AccountRow[];
  return row!;
}
