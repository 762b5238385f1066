import { forbidden, invalid } from '@touchline/kit';
import { UNDER_REVIEW } from '@touchline/rules';
import { userIdOf } from './accounts';

/** A fraud flag's words can be long (a ring names its accounts); this bounds what is stored. */
export const MAX_HOLD_REASON_LENGTH = 2_000;

/**
 * The player a movement sends coins from to another player (a trade's coins, a buy of a player's
 * listing, a gift), or undefined: coins paid to the platform (packs, market-owned cards) or moved
 * within one account are not sending coins to anyone.
 */
export function sendingPlayer(from: string, to: string): number | undefined {
  const sender = userIdOf(from);
  const recipient = userIdOf(to);
  return sender !== undefined && recipient !== undefined && sender !== recipient ? sender : undefined;
}

/**
 * 403, not 409 or 422: the refusal is about the account's standing, like a muted user's note, and no
 * change of the request or of the coins makes it pass; only an admin's review does.
 */
export const underReview = () => forbidden(UNDER_REVIEW);

export function checkHoldReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0) throw invalid('reason is required');
  return trimmed.slice(0, MAX_HOLD_REASON_LENGTH);
}

/**
 * Whether a flag with `reason` holds the account now: not while it is held already, and not when an
 * admin cleared this very reason (the same flags seen again); new evidence (another reason) does.
 */
export function holdsAgain(
  current: { reason: string; cleared: boolean } | undefined,
  reason: string,
): boolean {
  if (!current) return true;
  return current.cleared && current.reason !== reason;
}
