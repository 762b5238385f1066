import { createHash } from 'node:crypto';
import type { ClearFraudHoldRequest__Output } from '@touchline/protos/gen/touchline/admin/ClearFraudHoldRequest';
import type { FraudHold__Output as FraudHold } from '@touchline/protos/gen/touchline/admin/FraudHold';
import { doneReviews, queuedReviews } from '../db/fraud-review';
import type { FraudReport } from '../domain/fraud';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { fraudReports } from './fraud';
import { requireAdmin, requireKey } from './require-admin';

/** Users looked at per run of the reviewer: a burst of trades is worked through over a few runs. */
const REVIEW_BATCH = 100;

/** The words of a report's high-severity flags, or '' when it has none: what a hold is placed for. */
export function holdReason(report: FraudReport): string {
  return report.flags
    .filter((f) => f.severity === 'high')
    .map((f) => f.message)
    .join('; ');
}

/**
 * The reviewer job: the users whose exchanges changed get their flags computed, and the wallet holds
 * the outgoing coins and cash-outs of each with a high-severity flag (docs/design.md#6-security).
 * Placing is idempotent (keyed by user and reason), so a run cut short is simply done again.
 * Returns how many holds it asked for.
 */
export async function reviewQueuedUsers(deps: AdminDeps): Promise<number> {
  const queued = await queuedReviews(deps.db, REVIEW_BATCH);
  if (queued.length === 0) return 0;
  const reports = await fraudReports(
    deps,
    queued.map((q) => Number(q.user_id)),
  );
  let placed = 0;
  for (const report of reports.values()) {
    const reason = holdReason(report);
    if (!reason) continue;
    const digest = createHash('sha256').update(reason).digest('hex').slice(0, 32);
    await deps.wallet.PlaceReviewHold({
      userId: report.userId,
      reason,
      idempotencyKey: `fraud-hold:${report.userId}:${digest}`,
    });
    placed++;
  }
  await doneReviews(deps.db, queued);
  return placed;
}

export async function fraudHoldOf(deps: AdminDeps, userId: number): Promise<FraudHold> {
  const { holds } = await deps.wallet.GetReviewHolds({ userIds: [userId] });
  return holds[0]!;
}

/**
 * An admin who reviewed the account lets it send coins and cash out again: the wallet's hold is
 * cleared, and the audit log says who did it, with the hold before and after. The flags stay on the
 * report; the same flags do not hold the account again, new evidence does (wallet.proto).
 */
export async function clearFraudHold(
  deps: AdminDeps,
  request: ClearFraudHoldRequest__Output,
): Promise<FraudHold> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  const target = await deps.identity.GetUser({ userId: request.targetUserId });
  const before = await fraudHoldOf(deps, target.id);
  return audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'user.clear_fraud_hold',
      targetType: 'user',
      targetId: String(target.id),
      key,
      request: { targetUserId: target.id },
      before: { held: before.held, reason: before.reason, heldAt: before.heldAt },
    },
    () =>
      deps.wallet.ClearReviewHold({
        userId: target.id,
        adminUserId: request.userId,
        idempotencyKey: `${request.userId}:${key}`,
      }),
    (after) => ({ held: after.held, clearedAt: after.clearedAt }),
  );
}
