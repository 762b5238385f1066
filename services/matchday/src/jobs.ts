import { dueJob, type WakeableJob } from '@touchline/kit';
import type { MatchdayDeps } from './use-cases/deps';
import { sweep } from './use-cases/sweeper';

/**
 * The matchday sweeper: opens the current matchday, locks those whose kickoff came, voids the card
 * holds no lineup needs, scores those whose results are due and pays rewards. Every step is decided
 * by a row's state, so it runs on every replica and after any restart without doing anything twice.
 * It sleeps until the next kickoff or results time (the schedule knows them), or MATCHDAY_SWEEP_MS at
 * most: what that safety net catches is a retry (a peer that was down, results not uploaded yet).
 */
export function matchdaySweeper(deps: MatchdayDeps): WakeableJob {
  return dueJob('matchday-sweeper', () => sweep(deps), deps.logger, {
    maxIntervalMs: deps.config.MATCHDAY_SWEEP_MS,
    now: () => deps.clock.now(),
    runAtStart: true,
  });
}
