import type { Knex } from 'knex';
import type { CashoutStatus } from '../domain/cashout';

export interface CashoutRow {
  id: number;
  user_id: number;
  status: CashoutStatus;
  coins_amount: number;
  cash_amount_cents: number;
  fee_coins: number;
  paypal_email: string;
  idempotency_key: string;
  month_key: string;
  /** Requested in a test deployment (PAYMENTS_MODE=test): backed by test payments. */
  test: boolean;
  transaction_id: number | null;
  created_at: Date;
  updated_at: Date;
  processed_at: Date | null;
  processed_by_user_id: number | null;
  /** The admin's reason for a rejection; null: none given. */
  rejection_reason: string | null;
}

export interface TransitionRow {
  id: number;
  request_id: number;
  from_status: CashoutStatus;
  to_status: CashoutStatus;
  actor_user_id: number;
  idempotency_key: string;
  transaction_id: number | null;
  created_at: Date;
}

export async function insertCashout(
  trx: Knex.Transaction,
  row: Omit<
    CashoutRow,
    'id' | 'transaction_id' | 'processed_at' | 'processed_by_user_id' | 'rejection_reason'
  >,
): Promise<CashoutRow> {
  const [created] = (await trx('cashout_requests').insert(row).returning('*')) as CashoutRow[];
  return created!;
}

export async function setCashoutTransaction(trx: Knex.Transaction, id: number, transactionId: number) {
  await trx('cashout_requests').where({ id }).update({ transaction_id: transactionId });
}

export function findCashout(db: Knex, id: number): Promise<CashoutRow | undefined> {
  return db('cashout_requests').where({ id }).first() as Promise<CashoutRow | undefined>;
}

export function findCashoutByKey(db: Knex, key: string): Promise<CashoutRow | undefined> {
  return db('cashout_requests').where({ idempotency_key: key }).first() as Promise<CashoutRow | undefined>;
}

/** The request, row-locked until the transaction ends. */
export function lockCashout(trx: Knex.Transaction, id: number): Promise<CashoutRow | undefined> {
  return trx('cashout_requests').where({ id }).forUpdate().first() as Promise<CashoutRow | undefined>;
}

/**
 * Moves the request only if it is still in `from`: of two admins racing, the second finds no row
 * to update even if it got past its own check.
 */
export async function moveCashout(
  trx: Knex.Transaction,
  id: number,
  from: CashoutStatus,
  change: {
    status: CashoutStatus;
    processed_at: Date | null;
    processed_by_user_id: number;
    rejection_reason?: string | null;
  },
  now: Date,
): Promise<CashoutRow | undefined> {
  const [row] = (await trx('cashout_requests')
    .where({ id, status: from })
    .update({ ...change, updated_at: now })
    .returning('*')) as CashoutRow[];
  return row;
}

export function listCashouts(
  db: Knex,
  filter: { userId?: number; status?: CashoutStatus },
): Promise<CashoutRow[]> {
  const query = db('cashout_requests').orderBy('id', 'desc');
  if (filter.userId !== undefined) query.where({ user_id: filter.userId });
  if (filter.status) query.where({ status: filter.status });
  return query as Promise<CashoutRow[]>;
}

/** Whether the user has a pending, processing or completed request in the month. */
export async function hasRequestInMonth(db: Knex, userId: number, monthKey: string): Promise<boolean> {
  const row = await db('cashout_requests')
    .where({ user_id: userId, month_key: monthKey })
    .whereNot({ status: 'rejected' })
    .first('id');
  return row !== undefined;
}

const sumOf = (row: { total: number | string | null } | undefined) => Number(row?.total ?? 0);

/**
 * Cash (USD cents) of the user's cash-outs that were not rejected: pending, processing and completed
 * ones all spend what the purchases paid in. `realOnly` leaves out those marked test.
 */
export async function cashedOutCents(db: Knex, userId: number, realOnly: boolean): Promise<number> {
  const query = db('cashout_requests')
    .where({ user_id: userId })
    .whereNot({ status: 'rejected' })
    .sum({ total: 'cash_amount_cents' });
  if (realOnly) query.where({ test: false });
  return sumOf((await query.first()) as { total: number | string | null } | undefined);
}

/**
 * All purchases (USD cents) minus the cash of every cash-out paid or still open. `realOnly`: real
 * payments and the cash-outs not marked test only (a live deployment's money).
 */
export async function platformFundsCents(db: Knex, realOnly: boolean): Promise<number> {
  const purchases = db('purchases').sum({ total: 'amount_cents' });
  const cashouts = db('cashout_requests')
    .whereIn('status', ['pending', 'processing', 'completed'])
    .sum({ total: 'cash_amount_cents' });
  if (realOnly) {
    purchases.where({ livemode: true });
    cashouts.where({ test: false });
  }
  const paidIn = (await purchases.first()) as { total: number | string | null } | undefined;
  const paidOut = (await cashouts.first()) as { total: number | string | null } | undefined;
  return sumOf(paidIn) - sumOf(paidOut);
}

export async function insertTransition(trx: Knex.Transaction, row: Omit<TransitionRow, 'id'>): Promise<void> {
  await trx('cashout_transitions').insert(row);
}

export function findTransition(db: Knex, key: string): Promise<TransitionRow | undefined> {
  return db('cashout_transitions').where({ idempotency_key: key }).first() as Promise<
    TransitionRow | undefined
  >;
}
