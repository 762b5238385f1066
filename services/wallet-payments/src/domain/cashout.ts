import { businessRule, invalid } from '@touchline/kit';
import {
  cashOutCents,
  MAX_REASON_LENGTH,
  MIN_CASH_OUT_COINS,
  normalizeReason,
  REASON_TOO_LONG,
} from '@touchline/rules';
import { countsTowardCashouts, type PaymentsMode } from './payment-mode';
import { MAX_AMOUNT } from './validation';

/**
 * Cash-out rules (docs/design.md#4-cross-service-operations-sagas). The money rules (2,273 coins = $1, a cash-out pays 88%, the
 * 12,920-coin minimum) are @touchline/rules', the same the web previews with.
 */
export const MIN_PURCHASES = 3;

export type CashoutStatus = 'pending' | 'processing' | 'completed' | 'rejected';
export const CASHOUT_STATUSES: readonly CashoutStatus[] = ['pending', 'processing', 'completed', 'rejected'];

/** "$5.00" */
export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const INVALID_AMOUNT = 'Please enter a valid coins amount';
export const INVALID_PAYPAL = 'Please enter a valid PayPal email address';
export const NOT_ENOUGH_FOR_CASHOUT = "You don't have enough coins for this cashout";
export const BELOW_MINIMUM = `Minimum cashout amount is ${MIN_CASH_OUT_COINS.toLocaleString('en-US')} coins ($5.00 at 88% conversion rate)`;
export const PLATFORM_FUNDS_SHORT =
  'The platform does not have sufficient funds for this cashout right now. Please try a smaller amount or try again later.';
export const CASHOUT_NOT_FOUND = 'Cashout request not found';
export const CASHOUT_KEY_REUSED = 'Idempotency key was used for another cashout request';

export const tooFewPurchases = (count: number) =>
  `Cashouts require at least ${MIN_PURCHASES} completed coin purchases (you have ${count})`;
export const purchasesTooLow = (totalCents: number, cash: number) =>
  `Your total purchases (${dollars(totalCents)}) must exceed the cashout amount (${dollars(cash)})`;
export const ceilingTooLow = (totalCents: number, cashedOutCents: number, cash: number) =>
  `Your total purchases (${dollars(totalCents)}) less your earlier cashouts (${dollars(cashedOutCents)}) must exceed the cashout amount (${dollars(cash)})`;
export const alreadyThisMonth = (nextFrom: Date) =>
  `You can request one cashout per month. Your next request is possible from ${nextFrom.toLocaleDateString(
    'en-US',
    { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' },
  )}`;

/** A positive whole number of coins (the form sends what the player typed). */
export function checkCoinsAmount(coins: number): number {
  if (!Number.isSafeInteger(coins) || coins <= 0 || coins > MAX_AMOUNT) throw invalid(INVALID_AMOUNT);
  return coins;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased; one @, something each side, a dot in the domain, no spaces or controls. */
export function checkPaypalEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  // eslint-disable-next-line no-control-regex
  if (normalized.length > 254 || !EMAIL.test(normalized) || /[\u0000-\u001f\u007f]/.test(normalized))
    throw invalid(INVALID_PAYPAL);
  return normalized;
}

/** A user's completed purchases: real money and test payments apart (USD cents). */
export interface PurchaseTotals {
  count: number;
  totalCents: number;
  testCount: number;
  testTotalCents: number;
}

/**
 * The purchases that back cash-outs: in a live deployment real money only, so test payments count
 * toward nothing; in a test deployment both (its cash-outs are marked test).
 */
export function backingPurchases(
  mode: PaymentsMode,
  p: PurchaseTotals,
): { count: number; totalCents: number } {
  const withTest = countsTowardCashouts(mode, false);
  return {
    count: p.count + (withTest ? p.testCount : 0),
    totalCents: p.totalCents + (withTest ? p.testTotalCents : 0),
  };
}

/**
 * What the server knows of a player, before an amount is chosen (the form's requirements) and when a
 * request is decided; every amount in cents is USD.
 */
export interface EligibilitySituation {
  balance: number;
  /** The purchases that back cash-outs (backingPurchases). */
  purchaseCount: number;
  purchaseTotalCents: number;
  /**
   * Cash of the user's earlier cash-outs that were not rejected: the ceiling is what was paid in less
   * what was already taken out, so the same purchases never back a second cash-out.
   */
  cashedOutCents: number;
  /** A pending, processing or completed request of the user in this calendar month (ET). */
  requestedThisMonth: boolean;
  nextMonthStart: Date;
  /** All purchases minus the cash of completed and open (pending, processing) cash-outs. */
  platformFundsCents: number;
}

/** A request: the form's situation with the amount asked for. */
export interface CashoutSituation extends EligibilitySituation {
  coins: number;
}

/**
 * The rules of a request in order, each refused with its own message (a 422 at the gateway). The
 * amount and e-mail shapes are checked before (400s).
 */
export function checkCashoutRules(s: CashoutSituation): void {
  const cash = cashOutCents(s.coins);
  if (s.coins < MIN_CASH_OUT_COINS) throw businessRule(BELOW_MINIMUM);
  if (s.coins > s.balance) throw businessRule(NOT_ENOUGH_FOR_CASHOUT);
  if (s.purchaseCount < MIN_PURCHASES) throw businessRule(tooFewPurchases(s.purchaseCount));
  if (s.purchaseTotalCents - s.cashedOutCents <= cash)
    throw businessRule(
      s.cashedOutCents === 0
        ? purchasesTooLow(s.purchaseTotalCents, cash)
        : ceilingTooLow(s.purchaseTotalCents, s.cashedOutCents, cash),
    );
  if (s.requestedThisMonth) throw businessRule(alreadyThisMonth(s.nextMonthStart));
  if (s.platformFundsCents < cash) throw businessRule(PLATFORM_FUNDS_SHORT);
}

/** The only moves an admin can make (docs/design.md#4-cross-service-operations-sagas); completed and rejected are final. */
export const CASHOUT_TRANSITIONS: Readonly<Record<CashoutStatus, readonly CashoutStatus[]>> = {
  pending: ['processing', 'rejected'],
  processing: ['completed', 'rejected'],
  completed: [],
  rejected: [],
};

export function canMove(from: CashoutStatus, to: CashoutStatus): boolean {
  return CASHOUT_TRANSITIONS[from].includes(to);
}

export function checkTargetStatus(status: string): CashoutStatus {
  if (!(CASHOUT_STATUSES as readonly string[]).includes(status) || status === 'pending')
    throw invalid('status must be one of processing, completed, rejected');
  return status as CashoutStatus;
}

export const cannotMove = (from: CashoutStatus, to: CashoutStatus) =>
  from === to
    ? `This cashout request is already ${from}`
    : `A ${from} cashout request cannot be marked ${to}`;

export const REASON_ONLY_ON_REJECTION = 'A reason can be given only when rejecting a request';

/** A rejection's reason as stored (null: none); any other move takes none. */
export function checkRejectionReason(to: CashoutStatus, text: string): string | null {
  const reason = normalizeReason(text);
  if (reason === '') return null;
  if (to !== 'rejected') throw invalid(REASON_ONLY_ON_REJECTION);
  if (reason.length > MAX_REASON_LENGTH) throw invalid(REASON_TOO_LONG);
  return reason;
}
