import { intervalJob, type BackgroundJob } from '@touchline/kit';
import type { MatchdayDeps } from './use-cases/deps';
import { sweep } from './use-cases/sweeper';

/**
 * The matchday sweeper: opens the current matchday, locks those whose kickoff came, voids the card
 * holds no lineup needs, scores those whose results are due and pays rewards. Every step is decided
 * by a row's state, so it runs on every replica and after any restart without doing anything twice.
 */
export function matchdayJobs(deps: MatchdayDeps): BackgroundJob[] {
  return [
    intervalJob('matchday-sweeper', deps.config.MATCHDAY_SWEEP_MS, () => sweep(deps), deps.logger, {
      runAtStart: true,
    }),
  ];
}
