import type { Clients } from '../clients';

/**
 * The usernames of the users an answer names, in one batch call to identity (docs/design.md#7-decisions-on-the-specs-open-points:
 * other players appear by username, never by e-mail). Id 0 (the market) and unknown users are absent.
 */
export async function usernamesOf(clients: Clients, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds.filter((id) => id > 0))];
  if (ids.length === 0) return new Map();
  const { usernames } = await clients.identity.GetUsernames({ userIds: ids });
  return new Map(usernames.map((u) => [u.id, u.username]));
}
