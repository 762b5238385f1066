import type { Knex } from 'knex';
import type { IntentStatus } from '../domain/payments';

export interface TestIntentRow {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  metadata: Record<string, string>;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Inserts the intent unless its idempotency key exists (then a concurrent insert waits for that one). */
export async function insertTestIntent(trx: Knex | Knex.Transaction, row: TestIntentRow): Promise<boolean> {
  const inserted = (await trx('test_payment_intents')
    .insert({ ...row, metadata: JSON.stringify(row.metadata) })
    .onConflict('idempotency_key')
    .ignore()
    .returning('id')) as unknown[];
  return inserted.length > 0;
}

export async function findTestIntent(
  db: Knex,
  where: Partial<Pick<TestIntentRow, 'id' | 'idempotency_key'>>,
) {
  return (await db('test_payment_intents').where(where).first()) as TestIntentRow | undefined;
}

/** The intent, row-locked until the transaction ends: two confirmations of one intent run in turn. */
export async function lockTestIntent(trx: Knex.Transaction, id: string) {
  return (await trx('test_payment_intents').where({ id }).forUpdate().first()) as TestIntentRow | undefined;
}

export async function setTestIntentStatus(
  trx: Knex.Transaction,
  id: string,
  status: IntentStatus,
  lastError: string | null,
  now: Date,
): Promise<void> {
  await trx('test_payment_intents').where({ id }).update({ status, last_error: lastError, updated_at: now });
}
