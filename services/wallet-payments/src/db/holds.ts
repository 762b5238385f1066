import type { Knex } from 'knex';
import type { HoldStatus } from '../domain/hold';

export interface HoldRow {
  hold_key: string;
  from_account: string | null;
  to_account: string | null;
  amount: number;
  fee: number;
  reason: string;
  reference: string;
  status: HoldStatus;
  transaction_id: number | null;
  void_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Inserts the hold (or the tombstone of a void) unless its key exists; false when it does.
 * Like claimKey, a concurrent insert of the same key makes this wait for that one's outcome.
 */
export async function insertHold(
  trx: Knex.Transaction,
  row: Omit<HoldRow, 'transaction_id'> & { transaction_id?: number },
): Promise<boolean> {
  const inserted = (await trx('holds')
    .insert(row)
    .onConflict('hold_key')
    .ignore()
    .returning('hold_key')) as unknown[];
  return inserted.length > 0;
}

export async function findHold(db: Knex, key: string): Promise<HoldRow | undefined> {
  return (await db('holds').where({ hold_key: key }).first()) as HoldRow | undefined;
}

/** The hold, row-locked until the transaction ends: commit and void of one key run one after the other. */
export async function lockHold(trx: Knex.Transaction, key: string): Promise<HoldRow | undefined> {
  return (await trx('holds').where({ hold_key: key }).forUpdate().first()) as HoldRow | undefined;
}

export async function setHoldStatus(
  trx: Knex.Transaction,
  key: string,
  change: { status: HoldStatus; transaction_id?: number; void_reason?: string },
  now: Date,
): Promise<void> {
  await trx('holds')
    .where({ hold_key: key })
    .update({ ...change, updated_at: now });
}
