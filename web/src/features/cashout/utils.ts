import { format, isValid, parseISO } from 'date-fns';

import type { CashoutRequirement } from '@touchline/contract';
import { cashOutDollars, MIN_CASH_OUT_COINS } from '@touchline/rules';

import { formatNumber } from '@/lib/format';

/** A refusal of the form: a short title and the sentence under it (docs/spec/economy-admin-spec.md#5-validation-rules). */
export interface FieldProblem {
  title: string;
  description: string;
}

export const INVALID_AMOUNT: FieldProblem = {
  title: 'Invalid amount',
  description: 'Please enter a valid coins amount',
};
export const INSUFFICIENT_COINS: FieldProblem = {
  title: 'Insufficient coins',
  description: "You don't have enough coins for this cashout",
};
/** The minimum at docs/design.md#3-money-one-ledger's rate (12,920 coins pay $5), not the spec's 834. */
export const BELOW_MINIMUM: FieldProblem = {
  title: 'Minimum amount required',
  description: `Minimum cashout amount is ${formatNumber(MIN_CASH_OUT_COINS)} coins ($${cashOutDollars(MIN_CASH_OUT_COINS)} at 88% conversion rate)`,
};
export const INVALID_EMAIL: FieldProblem = {
  title: 'Invalid email',
  description: 'Please enter a valid PayPal email address',
};

/** The requirements' lines in the page's order; the wallet says which are met for this player. */
export const REQUIREMENT_TEXT: Record<CashoutRequirement['id'], string> = {
  minimum_balance: `A balance of at least ${formatNumber(MIN_CASH_OUT_COINS)} coins`,
  purchases: 'At least 3 purchases',
  purchase_total: 'Total purchases, less earlier cash-outs, must exceed the cash-out amount',
  monthly: 'One cash-out per month',
  platform_funds: 'The platform needs sufficient funds',
  processing: 'Processing takes 1-3 business days',
};

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What an unmet requirement still takes, from the number the wallet sent; null when it sent none. */
export function requirementNeed(requirement: CashoutRequirement): string | null {
  const needed = requirement.needed;
  if (requirement.state !== 'unmet' || needed === null) return null;
  switch (requirement.id) {
    case 'minimum_balance':
      return `Needs ${plural(needed, 'more coin', 'more coins')}`;
    case 'purchases':
      return `Needs ${plural(needed, 'more purchase', 'more purchases')}`;
    case 'purchase_total':
      return `Needs ${formatDollars(needed)} more in purchases`;
    default:
      return null;
  }
}

/**
 * The platform's funds are the operator's matter, not a requirement the player can meet: the line
 * stays as information, and when the funds are short the form says cash-outs are paused.
 */
export const PLATFORM_FUNDS = 'platform_funds';

/** The first requirement the player does not meet (the platform's funds are not the player's). */
export function playerBlocker(requirements: readonly CashoutRequirement[]): CashoutRequirement | undefined {
  return requirements.find((r) => r.state === 'unmet' && r.id !== PLATFORM_FUNDS);
}

/** The platform's funds line when they fall short (for the amount typed, or for any cash-out). */
export function fundsShort(requirements: readonly CashoutRequirement[]): CashoutRequirement | undefined {
  return requirements.find((r) => r.state === 'unmet' && r.id === PLATFORM_FUNDS);
}

/** An amount the player holds but the purchases or platform funds do not back (the wallet's maxCoins). */
export const aboveLimit = (maxCoins: number): FieldProblem => ({
  title: 'Above your cash-out limit',
  description: `You can cash out at most ${formatNumber(maxCoins)} coins right now`,
});

export interface CashoutFormCheck {
  /** The typed amount as a whole number of coins, or null when it is not one. */
  coins: number | null;
  /** Dollars the amount pays (0 while the amount is not valid). */
  cash: number;
  amountProblem: FieldProblem | null;
  emailProblem: FieldProblem | null;
  canSubmit: boolean;
}

/**
 * The form's checks in the spec's order: a positive whole number, not above the balance, at least the
 * minimum; an e-mail with an at-sign. Empty fields show no problem but keep the button disabled.
 */
export function checkCashoutForm(
  amountText: string,
  email: string,
  balance: number | undefined,
  /** The wallet's largest allowed amount, once its eligibility answer is in. */
  maxCoins?: number,
): CashoutFormCheck {
  const trimmed = amountText.trim();
  const parsed = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  const coins = Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;

  let amountProblem: FieldProblem | null = null;
  if (trimmed !== '') {
    if (coins === null) amountProblem = INVALID_AMOUNT;
    else if (balance !== undefined && coins > balance) amountProblem = INSUFFICIENT_COINS;
    else if (coins < MIN_CASH_OUT_COINS) amountProblem = BELOW_MINIMUM;
    else if (maxCoins !== undefined && maxCoins >= MIN_CASH_OUT_COINS && coins > maxCoins)
      amountProblem = aboveLimit(maxCoins);
  }
  const emailTrimmed = email.trim();
  const emailProblem = emailTrimmed !== '' && !emailTrimmed.includes('@') ? INVALID_EMAIL : null;

  return {
    coins,
    // An amount the form refuses pays nothing: the preview never promises what cannot be requested.
    cash: coins === null || amountProblem !== null ? 0 : cashOutDollars(coins),
    amountProblem,
    emailProblem,
    canSubmit:
      coins !== null && balance !== undefined && amountProblem === null && emailTrimmed.includes('@'),
  };
}

/** '$5.00' */
export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** 'Nov 10, 2026 at 3:00 PM' (the spec's 'MMM d, yyyy at h:mm a'), or 'N/A'. */
export function formatCashoutDate(iso: string | null): string {
  if (!iso) return 'N/A';
  const date = parseISO(iso);
  return isValid(date) ? format(date, "MMM d, yyyy 'at' h:mm a") : 'N/A';
}

/** The status texts of docs/spec/economy-admin-spec.md#4-states-and-transitions. */
export const STATUS_MEANING = {
  pending: 'Under review, 1-3 business days',
  processing: 'Payment being sent',
  completed: 'Sent to your PayPal account',
  rejected: 'Coins returned to your balance',
} as const;
