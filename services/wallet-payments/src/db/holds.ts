import type { Knex } from 'knex';
import type { AccountRow } from './accounts';
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

/**
 * insertHold and the reservation on the payer's account (addHeld) in one statement: the hold row and
 * `held + amount`, the latter only when the row went in. Returns the payer's account afterwards, or
 * undefined when the key existed (nothing reserved). The caller holds the account's lock and has
 * checked the coins are there.
 */
export async function insertHoldReserving(
  trx: Knex.Transaction,
  row: Omit<HoldRow, 'transaction_id'> & { from_account: string },
  now: Date,
): Promise<AccountRow | undefined> {
  const inserted = trx('holds')
    .insert(row)
    .onConflict('hold_key')
    .ignore()
    .returning(['amount', 'from_account']);
  const { rows } = (await trx.raw(
    `with h as (?)
     update accounts as a set held = a.held + h.amount, updated_at = ?
       from h
      where a.name = h.from_account
      returning a.name, a.kind, a.balance, a.held`,
    [inserted, now],
  )) as { rows: AccountRow[] };
  return rows[0];
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
