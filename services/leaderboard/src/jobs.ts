import { intervalJob, type BackgroundJob } from '@touchline/kit';
import { syncCache } from './use-cases/cache-sync';
import type { LeaderboardDeps } from './use-cases/deps';

/** Builds the cache at start when it is empty, then keeps it level with Postgres. */
export function leaderboardJobs(deps: LeaderboardDeps): BackgroundJob[] {
  return [
    intervalJob(
      'board-cache-sync',
      deps.config.LEADERBOARD_RECONCILE_MS,
      () => syncCache(deps),
      deps.logger,
      {
        runAtStart: true,
      },
    ),
  ];
}
