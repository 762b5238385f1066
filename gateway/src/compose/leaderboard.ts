import type { LeaderboardEntry } from '@touchline/contract';
import type { UserStats__Output } from '@touchline/protos/gen/touchline/leaderboard/UserStats';
import type { Clients } from '../clients';
import { usernamesOf } from './usernames';

/** The board's entries with usernames from identity (never e-mails); 'User #id' for a user who is gone. */
export async function composeLeaderboard(
  clients: Clients,
  entries: UserStats__Output[],
): Promise<LeaderboardEntry[]> {
  const usernames = await usernamesOf(
    clients,
    entries.map((e) => e.userId),
  );
  return entries.map((entry) => ({
    user: { id: entry.userId, username: usernames.get(entry.userId) || `User #${entry.userId}` },
    collectionValue: entry.collectionValue,
    cardCount: entry.cardCount,
    rank: entry.rank,
  }));
}
