import type { UseCases } from '@touchline/kit';
import type { LeaderboardHandlers } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';

/**
 * Maps each Leaderboard RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function leaderboardUseCases(): UseCases<LeaderboardHandlers> {
  return {};
}
