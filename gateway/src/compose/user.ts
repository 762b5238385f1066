import type { User__Output } from '@touchline/protos/gen/touchline/identity/User';
import type { Clients } from '../clients';

/** The spec's User entity as the web receives it; e-mail only ever goes to its owner. */
export interface UserJson {
  id: number;
  email: string;
  username: string;
  isAdmin: boolean;
  badge: string;
  badges: { name: string; description: string; icon: string; earnedAt: string }[];
  createdAt: string;
  favoriteTeamId: number | null;
  coins?: number;
  cardCount?: number;
  collectionValue?: number;
}

export function userJson(user: User__Output): UserJson {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    badge: user.badge || 'Rookie',
    badges: user.badges,
    createdAt: user.createdAt,
    favoriteTeamId: user.favoriteTeamId || null,
  };
}

/** Parts owned by other services answer within this; a slow or failing part is left out, never the whole user. */
const PART_TIMEOUT_MS = 1_500;

/**
 * GET /api/user: identity's user plus the parts other services own (coins from the wallet,
 * collection summary from cards-market; rank joins with the leaderboard), fetched in parallel.
 */
export async function currentUser(clients: Clients, userId: number): Promise<UserJson> {
  const [user, summaries, balance] = await Promise.all([
    clients.identity.GetUser({ userId }),
    clients.cardsMarket
      .GetCollectionSummaries({ userIds: [userId] }, { timeoutMs: PART_TIMEOUT_MS })
      .catch(() => undefined),
    clients.wallet.GetBalance({ userId }, { timeoutMs: PART_TIMEOUT_MS }).catch(() => undefined),
  ]);
  const json = userJson(user);
  if (balance) json.coins = balance.coins;
  const summary = summaries?.summaries[0];
  if (summary) {
    json.cardCount = summary.cardCount;
    json.collectionValue = summary.collectionValue;
  }
  return json;
}
