import type { Cashout__Output as Cashout } from '@touchline/protos/gen/touchline/wallet/Cashout';
import type { CashoutRow } from '../db/cashouts';
import type { SummaryRow } from '../db/purchases';
import type { PurchaseTotals } from '../domain/cashout';

export function cashoutMessage(row: CashoutRow): Cashout {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    status: row.status,
    coinsAmount: Number(row.coins_amount),
    cashAmountCents: Number(row.cash_amount_cents),
    feeCoins: Number(row.fee_coins),
    paypalEmail: row.paypal_email,
    createdAt: row.created_at.toISOString(),
    processedAt: row.processed_at ? row.processed_at.toISOString() : '',
    processedByUserId: Number(row.processed_by_user_id ?? 0),
    test: row.test,
    reason: row.rejection_reason ?? '',
  };
}

/** A summary row (bigint sums arrive as strings on Postgres) as numbers; none: no purchases. */
export function purchaseTotals(row: SummaryRow | undefined): PurchaseTotals {
  return {
    count: Number(row?.purchase_count ?? 0),
    totalCents: Number(row?.total_cents ?? 0),
    testCount: Number(row?.test_purchase_count ?? 0),
    testTotalCents: Number(row?.test_total_cents ?? 0),
  };
}

/** Ledger references and keys of a request's three possible postings. */
export const cashoutReference = (id: number) => `cashout:${id}`;
export const cashoutPostingKey = (id: number, step: 'request' | 'refund' | 'complete') =>
  `cashout:${id}:${step}`;
