import { invalid } from '@touchline/kit';
import { checkAccount } from './accounts';

/**
 * Ceiling of one posting. Coins are JavaScript numbers end to end (int64 read as number), so amounts
 * must stay far below 2^53 even when the mint's balance sums every coin ever issued.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Postings of held funds are keyed "hold:{hold_key}"; callers may not use that prefix for their own keys. */
export const HOLD_KEY_PREFIX = 'hold:';

const MAX_KEY_LENGTH = 200;
const MAX_REASON_LENGTH = 64;
const MAX_REFERENCE_LENGTH = 200;

export function checkKey(key: string, field = 'idempotency_key'): string {
  if (key.length === 0) throw invalid(`${field} is required`);
  if (key.length > MAX_KEY_LENGTH) throw invalid(`${field} is longer than ${MAX_KEY_LENGTH} characters`);
  return key;
}

/** A caller's posting key: also kept out of the namespace of committed holds. */
export function checkPostingKey(key: string): string {
  checkKey(key);
  if (key.startsWith(HOLD_KEY_PREFIX))
    throw invalid(`idempotency_key must not start with "${HOLD_KEY_PREFIX}"`);
  return key;
}

/** Every posting says why (it is what the ledger view and notifications show). */
export function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0) throw invalid('reason is required');
  if (trimmed.length > MAX_REASON_LENGTH)
    throw invalid(`reason is longer than ${MAX_REASON_LENGTH} characters`);
  return trimmed;
}

export function checkReference(reference: string): string {
  if (reference.length > MAX_REFERENCE_LENGTH)
    throw invalid(`reference is longer than ${MAX_REFERENCE_LENGTH} characters`);
  return reference;
}

export function checkAmount(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw invalid('amount must be a positive whole number of coins');
  if (amount > MAX_AMOUNT) throw invalid(`amount must be at most ${MAX_AMOUNT} coins`);
  return amount;
}

/** What moves in a transfer or a hold: `amount` leaves `from`, `fee` of it goes to profit, the rest to `to`. */
export interface TransferTerms {
  from: string;
  to: string;
  amount: number;
  fee: number;
}

export function checkTerms(terms: TransferTerms): TransferTerms {
  checkAccount(terms.from, 'from_account');
  checkAccount(terms.to, 'to_account');
  if (terms.from === terms.to) throw invalid('from_account and to_account must differ');
  checkAmount(terms.amount);
  if (!Number.isSafeInteger(terms.fee) || terms.fee < 0 || terms.fee > terms.amount)
    throw invalid('fee must be a whole number of coins between 0 and amount');
  return terms;
}
