import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { AdminDeps } from './use-cases/deps';
import { reviewQueuedUsers } from './use-cases/fraud-hold';

/** How often the fraud reviewer looks at the users whose exchanges changed. */
const FRAUD_REVIEW_INTERVAL_MS = 1_000;

/** Soon after a ring's trade is consumed, its receiver is held (docs/design.md#6-security). */
export function adminJobs(deps: AdminDeps): BackgroundJob[] {
  return [
    intervalJob('fraud-hold-reviewer', FRAUD_REVIEW_INTERVAL_MS, () => reviewQueuedUsers(deps), deps.logger, {
      runAtStart: true,
    }),
  ];
}
