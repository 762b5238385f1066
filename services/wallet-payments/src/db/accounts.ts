import type { Knex } from 'knex';
import { accountKind, userAccountsIn, type AccountKind } from '../domain/accounts';
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
  const users = userAccountsIn(names);
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
 * Creates and row-locks the user accounts until the transaction ends. The wallet's one lock order:
 * every transaction that moves or reserves coins takes its account locks here, in name order, before
 * it locks or inserts any other row (a hold, a transaction key, a promo code). FOR NO KEY UPDATE, the
 * lock an UPDATE of the balance takes anyway, does not conflict with the key-share locks that the
 * foreign keys of holds and entries take on accounts that other transactions insert rows for.
 * Accounts nearly always exist (a user's is made with the welcome grant), so they are locked first
 * and only missing ones created; two transactions creating the same new account while holding
 * others can deadlock then, and retryingTransactions runs the loser again.
 *
 * A platform account is neither locked nor read (decision 0020): no posting checks its funds
 * (canDebit) and its balance moves by appended changes (platform-balances.ts), so every buy, pack
 * and reward no longer queues on one row. It comes back as platformFundsUnread gives it.
 */
export async function lockAccounts(
  trx: Knex.Transaction,
  names: readonly string[],
): Promise<Map<string, AccountRow>> {
  const users = userAccountsIn(names);
  const locked = users.length > 0 ? await lockExisting(trx, users) : new Map<string, AccountRow>();
  if (locked.size < users.length) {
    await ensureAccounts(trx, users);
    for (const [name, row] of await lockExisting(trx, users)) locked.set(name, row);
  }
  for (const name of names) if (accountKind(name) === 'platform') locked.set(name, platformFundsUnread(name));
  return locked;
}

/**
 * What lockAccounts gives for a platform account: its kind, which lets every debit through, and no
 * balance (0), which nothing reads (findAccounts and account_balances have the real one).
 */
function platformFundsUnread(name: string): AccountRow {
  return { name, kind: 'platform', balance: 0, held: 0 };
}

/**
 * Row-locks a platform account as a mutex for a check that must not run twice at once (the
 * cash-out's platform funds); postings themselves never lock one (lockAccounts).
 */
export async function lockPlatformAccount(trx: Knex.Transaction, name: string): Promise<void> {
  await trx('accounts').where({ name }).forNoKeyUpdate().select('name');
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

/** Current balances without locks (reads and idempotent replays), platform changes not yet folded included. */
export async function findAccounts(db: Knex, names: readonly string[]): Promise<Map<string, AccountRow>> {
  if (names.length === 0) return new Map();
  const rows = (await db('account_balances')
    .whereIn('name', [...new Set(names)])
    .select(COLUMNS)) as AccountRow[];
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Adds the entries to the cached balances in one statement: a user account's row moves, a platform
 * account's side is appended (decision 0020). Returns the user accounts afterwards.
 */
export async function applyEntries(
  trx: Knex.Transaction,
  entries: readonly Entry[],
  now: Date,
): Promise<Map<string, AccountRow>> {
  const values = entries.map(() => '(?::text, ?::bigint)').join(', ');
  const { rows } = (await trx.raw(
    `with v as (select * from (values ${values}) as v(name, delta)),
     p as (
       insert into platform_balance_changes (account, amount)
       select v.name, v.delta from v where v.name like 'platform:%'
     )
     update accounts as a set balance = a.balance + v.delta, updated_at = ?
       from v
      where a.name = v.name and v.name like 'user:%'
      returning a.name, a.kind, a.balance, a.held`,
    [...entries.flatMap((e) => [e.account, e.amount]), now],
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
