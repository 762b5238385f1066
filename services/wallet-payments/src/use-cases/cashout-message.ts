import type { CashoutRequest__Output as CashoutRequest } from '@touchline/protos/gen/touchline/wallet/CashoutRequest';
import type { CashoutRow } from '../db/cashouts';

export function cashoutMessage(row: CashoutRow): CashoutRequest {
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
  };
}

/** Ledger references and keys of a request's three possible postings. */
export const cashoutReference = (id: number) => `cashout:${id}`;
export const cashoutPostingKey = (id: number, step: 'request' | 'refund' | 'complete') =>
  `cashout:${id}:${step}`;
