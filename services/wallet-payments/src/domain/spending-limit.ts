import { businessRule, invalid } from '@touchline/kit';
import { dollars } from './cashout';

/** Responsible play (docs/design.md#7-decisions-on-the-specs-open-points): a raise of the limit waits this long; a lowering applies at once. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** $100,000 a month: far above any package, a guard against typing errors. */
export const MAX_LIMIT_CENTS = 10_000_000;

/** null: no limit. */
export type Limit = number | null;

export interface LimitState {
  limit: Limit;
  pending?: { limit: Limit; effectiveAt: Date };
}

/** The state as of `now`: a pending raise whose 24 hours have passed is in force. */
export function limitAt(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.effectiveAt.getTime() <= now.getTime())
    return { limit: state.pending.limit };
  return state;
}

function isLowering(current: Limit, requested: Limit): boolean {
  if (requested === null) return current === null;
  return current === null ? false : requested <= current;
}

/**
 * A player's change of the limit. Lowering (or keeping) applies at once and drops any raise still
 * waiting; raising or removing waits 24 hours, the limit in force stays until then. Setting a first
 * limit is lowering from "no limit", so it applies at once.
 */
export function changeLimit(state: LimitState, requested: Limit, now: Date): LimitState {
  const current = limitAt(state, now);
  if (current.limit === null && requested !== null) return { limit: requested };
  if (isLowering(current.limit, requested)) return { limit: requested };
  return {
    limit: current.limit,
    pending: { limit: requested, effectiveAt: new Date(now.getTime() + RAISE_DELAY_MS) },
  };
}

export function checkLimitCents(hasLimit: boolean, cents: number): Limit {
  if (!hasLimit) return null;
  if (!Number.isSafeInteger(cents) || cents <= 0 || cents > MAX_LIMIT_CENTS)
    throw invalid(`The monthly limit must be between $0.01 and ${dollars(MAX_LIMIT_CENTS)}`);
  return cents;
}

export const limitExceeded = (limit: number, spent: number) =>
  `This purchase would exceed your monthly spending limit of ${dollars(limit)} ` +
  `(${dollars(spent)} spent this month, ${dollars(Math.max(0, limit - spent))} left). ` +
  'You can change the limit in Settings.';

/** Refuses a purchase of `amountCents` that would take the month's spending past the limit. */
export function checkWithinLimit(limit: Limit, spentCents: number, amountCents: number): void {
  if (limit !== null && spentCents + amountCents > limit)
    throw businessRule(limitExceeded(limit, spentCents), { limitCents: limit, spentCents });
}
