import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { LeaderboardDefinition } from '@touchline/protos/gen/touchline/leaderboard/Leaderboard';

export function createLeaderboardClient(address: string, options: ClientOptions) {
  return createPromiseClient<LeaderboardDefinition>(SERVICES.leaderboard.definition(), address, options);
}
export type LeaderboardClient = ReturnType<typeof createLeaderboardClient>;
