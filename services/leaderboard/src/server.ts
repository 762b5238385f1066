import type { UseCases } from '@touchline/kit';
import type { LeaderboardHandlers } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';
import type { BoardReader } from './use-cases/board';

/** Maps each Leaderboard RPC onto its use case. */
export function leaderboardUseCases(board: BoardReader): UseCases<LeaderboardHandlers> {
  return {
    GetTop: (req) => board.top(req.limit),
    GetUserStats: async (req) => ({ stats: (await board.stats([req.userId]))[0] }),
    GetUsersStats: async (req) => ({ stats: await board.stats(req.userIds) }),
  };
}
