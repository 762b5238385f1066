import { intervalJob, type BackgroundJob } from '@touchline/kit';
import { checkRosters } from './use-cases/team-roster';
import type { MissionsDeps } from './use-cases/deps';
import { sweepPendingClaims } from './use-cases/sweeper';

/** The sweeper of claims the wallet has not paid yet, and the team roster checks. */
export function missionsJobs(deps: MissionsDeps): BackgroundJob[] {
  const { config, logger } = deps;
  return [
    intervalJob('claim-sweeper', config.CLAIM_SWEEP_INTERVAL_MS, () => sweepPendingClaims(deps), logger, {
      runAtStart: true,
    }),
    intervalJob('team-roster-checks', config.ROSTER_CHECK_INTERVAL_MS, () => checkRosters(deps), logger),
  ];
}
