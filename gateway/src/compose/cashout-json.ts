import {
  CASHOUT_REQUIREMENT_IDS,
  type CashoutRequest,
  type CashoutRequirement,
  type CashoutStatus,
  type SpendingLimit,
} from '@touchline/contract';
import type { CashoutRequirement__Output } from '@touchline/protos/gen/touchline/wallet/CashoutRequirement';
import type { Cashout__Output } from '@touchline/protos/gen/touchline/wallet/Cashout';
import type { SpendingLimit__Output } from '@touchline/protos/gen/touchline/wallet/SpendingLimit';

/** Integer cents as the dollars the page shows (58.07). */
export const centsToDollars = (cents: number) => cents / 100;

/** Dollars typed by the player as whole cents; the contract caps the amount, this only rounds float error. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** The wallet's cash-out as the spec's entity; the wallet knows no e-mails, the caller passes it. */
export function cashoutJson(cashout: Cashout__Output, email: string): CashoutRequest {
  return {
    id: cashout.id,
    userId: cashout.userId,
    user: { email },
    status: cashout.status as CashoutStatus,
    coinsAmount: cashout.coinsAmount,
    cashAmount: centsToDollars(cashout.cashAmountCents),
    paypalEmail: cashout.paypalEmail,
    createdAt: cashout.createdAt,
    processedAt: cashout.processedAt || null,
    reason: cashout.reason || null,
  };
}

const STATES = ['met', 'unmet', 'not_applicable'] as const;

/** A requirement as the page reads it: the cents a purchase total needs become dollars. */
export function requirementJson(r: CashoutRequirement__Output): CashoutRequirement {
  const id = CASHOUT_REQUIREMENT_IDS.find((known) => known === r.id) ?? 'processing';
  const state = STATES.find((known) => known === r.state) ?? 'unmet';
  const unmet = state === 'unmet';
  return {
    id,
    state,
    detail: unmet && r.detail ? r.detail : null,
    needed: unmet && r.needed > 0 ? (id === 'purchase_total' ? centsToDollars(r.needed) : r.needed) : null,
  };
}

export function spendingLimitJson(limit: SpendingLimit__Output): SpendingLimit {
  return {
    monthlyLimit: limit.hasLimit ? centsToDollars(limit.monthlyLimitCents) : null,
    pending: limit.hasPending
      ? {
          monthlyLimit: limit.pendingHasLimit ? centsToDollars(limit.pendingLimitCents) : null,
          effectiveAt: limit.pendingEffectiveAt,
        }
      : null,
    spentThisMonth: centsToDollars(limit.spentThisMonthCents),
    remaining: limit.hasLimit ? centsToDollars(limit.remainingCents) : null,
  };
}
