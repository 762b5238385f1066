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

/**
 * How long an intent nobody paid holds its amount against the limit when another purchase starts:
 * long enough to fill in a card form, short enough that an abandoned checkout does not block the
 * player. An older one can still be paid; its charge is checked against the limit then.
 */
export const OPEN_INTENT_HOLD_MS = 60 * 60 * 1000;

export const limitExceeded = (limit: number, spent: number, open = 0) =>
  `This purchase would exceed your monthly spending limit of ${dollars(limit)} ` +
  `(${dollars(spent)} spent this month, ` +
  (open > 0 ? `${dollars(open)} in payments not completed yet, ` : '') +
  `${dollars(Math.max(0, limit - spent - open))} left). ` +
  'You can change the limit in Settings.';

/**
 * The refusal of a purchase of `amountCents` that would take the month's spending past the limit,
 * counting `openCents` of payments started and not finished; undefined when it fits.
 */
export function limitRefusal(
  limit: Limit,
  spentCents: number,
  amountCents: number,
  openCents = 0,
): string | undefined {
  if (limit !== null && spentCents + openCents + amountCents > limit)
    return limitExceeded(limit, spentCents, openCents);
  return undefined;
}

/** Refuses a purchase of `amountCents` that would take the month's spending past the limit. */
export function checkWithinLimit(limit: Limit, spentCents: number, amountCents: number): void {
  const refusal = limitRefusal(limit, spentCents, amountCents);
  if (refusal) throw businessRule(refusal, { limitCents: limit, spentCents });
}
