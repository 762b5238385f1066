import type { RequestBudget } from '../context';

/**
 * The deadline (ms since the epoch) of a call made at `now`, with the timeout its caller asked for
 * (undefined: the client's default).
 *
 * Outside a request, or once its answer is sent, a call gets its timeout from now, as it always did.
 * Within an open request the call also ends where the request's budget ends: the budget counts from
 * the request's start, so a call made after part of it is spent (a session renewal, an earlier call,
 * a wait for a slot) gets the rest, not a fresh 5 s. A call that asks for more than the budget (a
 * buy's 15 s) stretches the request's budget to its own timeout, still counted from the start.
 */
export function callDeadline(
  now: number,
  timeoutMs: number | undefined,
  defaultTimeoutMs: number,
  budget: RequestBudget | undefined,
): number {
  const own = now + (timeoutMs ?? defaultTimeoutMs);
  if (!budget?.open) return own;
  return Math.min(own, budget.startedAt + Math.max(budget.ms, timeoutMs ?? 0));
}
