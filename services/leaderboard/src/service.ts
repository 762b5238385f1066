import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardHandlers } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import { migrations } from './db/migrations';
import { leaderboardUseCases } from './server';

/** leaderboard: collection value, card count and rank per user, built from events. */
export const leaderboardService: ServiceModule<unknown, LeaderboardHandlers> = {
  name: 'leaderboard',
  schema: 'leaderboard',
  grpcServiceName: SERVICES['leaderboard'].serviceName,
  definition: () => SERVICES['leaderboard'].definition(),
  migrations,
  create: () => ({ useCases: leaderboardUseCases() }),
};
