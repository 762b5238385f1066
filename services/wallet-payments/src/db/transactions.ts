import type { Knex } from 'knex';
import type { Entry } from '../domain/posting';
import type { AccountRow } from './accounts';

export interface TransactionRow {
  id: number;
  idempotency_key: string;
  fingerprint: string;
  reason: string;
  reference: string;
  created_at: Date;
}

/**
 * Records a transaction under its key, or returns undefined when the key is taken. A concurrent
 * transaction holding the same key makes this wait for its outcome: if it commits the key is taken,
 * if it rolls back the key is ours. So a key is never posted twice and no unique violation escapes.
 */
export async function claimKey(
  trx: Knex.Transaction,
  row: Omit<TransactionRow, 'id'>,
): Promise<number | undefined> {
  const inserted = (await trx('transactions')
    .insert(row)
    .onConflict('idempotency_key')
    .ignore()
    .returning('id')) as { id: number }[];
  return inserted[0]?.id;
}

export async function findTransaction(db: Knex, key: string): Promise<TransactionRow | undefined> {
  return (await db('transactions').where({ idempotency_key: key }).first()) as TransactionRow | undefined;
}

export async function insertEntries(
  trx: Knex.Transaction,
  transactionId: number,
  entries: readonly Entry[],
  now: Date,
): Promise<void> {
  await trx('entries').insert(
    entries.map((e) => ({
      transaction_id: transactionId,
      account: e.account,
      amount: e.amount,
      created_at: now,
    })),
  );
}

/**
 * claimKey, insertEntries and applyEntries (db/accounts.ts) in one statement: the transaction row
 * under its key, its entries, and the cached balances moved by them, each part only when the key
 * was free (the entries and the update join the claimed row). Returns undefined when the key was
 * taken, having written nothing, as claimKey does; otherwise the transaction's id and the accounts
 * of the entries afterwards. The caller holds the accounts' locks (lockAccounts) and has checked
 * that every debit is covered: the accounts' CHECK would refuse an overdraft with an error.
 * `released`: coins of a hold on an account of the entries that the posting settles (CommitHold),
 * taken off `held` in the same row update as the balance, so balance − held never dips. A platform
 * account's side is appended to platform_balance_changes instead (decision 0020); the accounts
 * returned are the user accounts.
 */
export async function recordPosting(
  trx: Knex.Transaction,
  row: Omit<TransactionRow, 'id'>,
  entries: readonly Entry[],
  now: Date,
  released?: { account: string; amount: number },
): Promise<{ transactionId: number; accounts: AccountRow[] } | undefined> {
  const values = entries.map(() => '(?::text, ?::bigint, ?::bigint)').join(', ');
  const lines = entries.flatMap((e) => [
    e.account,
    e.amount,
    released?.account === e.account ? released.amount : 0,
  ]);
  const release = released ? ', held = a.held - v.release' : '';
  const { rows } = (await trx.raw(
    `with t as (
       insert into transactions (idempotency_key, fingerprint, reason, reference, created_at)
       values (?, ?, ?, ?, ?)
       on conflict (idempotency_key) do nothing
       returning id
     ), v as (
       select * from (values ${values}) as v(account, amount, release)
     ), e as (
       insert into entries (transaction_id, account, amount, created_at)
       select t.id, v.account, v.amount, ? from t, v
     ), p as (
       insert into platform_balance_changes (account, amount)
       select v.account, v.amount from t, v where v.account like 'platform:%'
     ), a as (
       update accounts as a set balance = a.balance + v.amount${release}, updated_at = ?
         from t, v
        where a.name = v.account and v.account like 'user:%'
        returning a.name, a.kind, a.balance, a.held
     )
     select t.id as transaction_id, a.name, a.kind, a.balance, a.held from t left join a on true`,
    [row.idempotency_key, row.fingerprint, row.reason, row.reference, row.created_at, ...lines, now, now],
  )) as { rows: ({ transaction_id: number } & Partial<AccountRow>)[] };
  if (rows.length === 0) return undefined;
  return {
    transactionId: Number(rows[0]!.transaction_id),
    accounts: rows
      .filter((r) => r.name !== null && r.name !== undefined)
      .map((r) => ({ name: r.name!, kind: r.kind!, balance: r.balance!, held: r.held! })),
  };
}
