import { invalid, inTransaction, type Db } from '@touchline/kit';
import type { ClearReviewHoldRequest__Output } from '@touchline/protos/gen/touchline/wallet/ClearReviewHoldRequest';
import type { PlaceReviewHoldRequest__Output } from '@touchline/protos/gen/touchline/wallet/PlaceReviewHoldRequest';
import type { ReviewHold__Output as ReviewHold } from '@touchline/protos/gen/touchline/wallet/ReviewHold';
import {
  clearReviewHold as clearRow,
  findReviewHolds,
  holdForReview,
  isUnderReview,
  lockReviewHold,
  type ReviewHoldRow,
} from '../db/review-holds';
import { checkedUserAccount } from '../domain/accounts';
import { checkHoldReason, holdsAgain, underReview } from '../domain/review-hold';
import { checkKey } from '../domain/validation';
import type { WalletDeps } from './deps';

const MAX_USERS_PER_REQUEST = 1_000;

function holdMessage(userId: number, row: ReviewHoldRow | undefined): ReviewHold {
  return {
    userId,
    held: row !== undefined && row.cleared_at === null,
    reason: row?.reason ?? '',
    heldAt: row ? row.held_at.toISOString() : '',
    clearedAt: row?.cleared_at ? row.cleared_at.toISOString() : '',
    clearedBy: row?.cleared_by ? Number(row.cleared_by) : 0,
  };
}

/** Refuses (403) a movement of coins from a player under review; call it inside the movement's transaction. */
export async function refuseUnderReview(db: Db, userId: number): Promise<void> {
  if (await isUnderReview(db, userId)) throw underReview();
}

export async function getReviewHolds(
  deps: WalletDeps,
  userIds: readonly number[],
): Promise<{ holds: ReviewHold[] }> {
  if (userIds.length > MAX_USERS_PER_REQUEST)
    throw invalid(`at most ${MAX_USERS_PER_REQUEST} user ids per request`);
  for (const id of userIds) checkedUserAccount(id);
  if (userIds.length === 0) return { holds: [] };
  const rows = new Map((await findReviewHolds(deps.db, userIds)).map((r) => [Number(r.user_id), r]));
  return { holds: userIds.map((id) => holdMessage(id, rows.get(id))) };
}

/**
 * The admin service's anti-fraud holds an account with a high-severity flag. Repeats are no-ops: a
 * held account stays held from its first time, a cleared one is held again only for a new reason.
 */
export async function placeReviewHold(
  deps: WalletDeps,
  request: PlaceReviewHoldRequest__Output,
): Promise<ReviewHold> {
  checkedUserAccount(request.userId);
  const reason = checkHoldReason(request.reason);
  checkKey(request.idempotencyKey);
  const row = await inTransaction(deps.db, async (trx) => {
    const current = await lockReviewHold(trx, request.userId);
    const state = current && { reason: current.reason, cleared: current.cleared_at !== null };
    if (!holdsAgain(state, reason)) return current;
    return holdForReview(trx, request.userId, reason, deps.clock.now());
  });
  return holdMessage(request.userId, row);
}

/** An admin ends the hold (the admin service checks the admin and writes the audit log). */
export async function clearReviewHold(
  deps: WalletDeps,
  request: ClearReviewHoldRequest__Output,
): Promise<ReviewHold> {
  checkedUserAccount(request.userId);
  checkedUserAccount(request.adminUserId);
  checkKey(request.idempotencyKey);
  const row = await inTransaction(deps.db, async (trx) => {
    const current = await lockReviewHold(trx, request.userId);
    // Nothing held, or cleared already (a retry): the answer is the state as it is.
    if (!current || current.cleared_at !== null) return current;
    return clearRow(trx, request.userId, request.adminUserId, deps.clock.now());
  });
  return holdMessage(request.userId, row);
}
