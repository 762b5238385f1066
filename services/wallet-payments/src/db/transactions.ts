import type { Knex } from 'knex';
import type { Entry } from '../domain/posting';

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
