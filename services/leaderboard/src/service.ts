import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardHandlers } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { createBoardCache, type BoardCache } from './cache';
import { leaderboardConfigSchema, type LeaderboardConfig } from './config';
import { leaderboardConsumers } from './consumers';
import { migrations } from './db/migrations';
import { leaderboardJobs } from './jobs';
import { leaderboardUseCases } from './server';
import { boardReader } from './use-cases/board';
import { rebuildOnDemand } from './use-cases/cache-sync';
import type { LeaderboardDeps } from './use-cases/deps';

/**
 * leaderboard: collection value, card count and rank per user, built from events. `cache` replaces
 * the configured cache (tests share one in-memory cache between replicas, as they would share Redis).
 */
export function leaderboardModule(
  options: { cache?: (config: LeaderboardConfig) => BoardCache | Promise<BoardCache> } = {},
): ServiceModule<LeaderboardConfig, LeaderboardHandlers> {
  return {
    name: 'leaderboard',
    schema: 'leaderboard',
    grpcServiceName: SERVICES['leaderboard'].serviceName,
    definition: () => SERVICES['leaderboard'].definition(),
    migrations,
    configSchema: leaderboardConfigSchema,
    create: async ({ config, db, outbox, clock, logger }) => {
      const cache = await (options.cache ?? createBoardCache)(config);
      const deps: LeaderboardDeps = { db, outbox, clock, logger, config, cache };
      return {
        useCases: leaderboardUseCases(boardReader(deps, rebuildOnDemand(deps))),
        consumers: leaderboardConsumers(deps),
        jobs: leaderboardJobs(deps),
        close: () => cache.close(),
      };
    },
  };
}

export const leaderboardService = leaderboardModule();
