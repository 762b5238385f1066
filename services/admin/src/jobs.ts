import { intervalJob, type WakeableJob } from '@touchline/kit';
import type { AdminDeps } from './use-cases/deps';
import { reviewQueuedUsers } from './use-cases/fraud-hold';

/**
 * The fraud reviewer's safety net: the consumer that queues a user wakes it after its commit
 * (consumers.ts), so this interval only catches a queue left by a crash or another replica's stop.
 */
const FRAUD_REVIEW_INTERVAL_MS = 30_000;

/** Soon after a ring's trade is consumed, its receiver is held (docs/design.md#6-security). */
export function fraudReviewer(deps: AdminDeps): WakeableJob {
  return intervalJob(
    'fraud-hold-reviewer',
    FRAUD_REVIEW_INTERVAL_MS,
    () => reviewQueuedUsers(deps),
    deps.logger,
    {
      runAtStart: true,
    },
  );
}
