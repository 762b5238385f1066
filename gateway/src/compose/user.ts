import type { User } from '@touchline/contract';
import type { User__Output } from '@touchline/protos/gen/touchline/identity/User';
import type { Clients } from '../clients';
import { badgeJson } from './missions';
import type { UserBadges } from './user-badges';

/** Signed in since signing up: sign-up stamps its sign-in with the creation instant, a later sign-in moves it. */
function isReturning(user: User__Output): boolean {
  const lastLogin = Date.parse(user.lastLoginAt);
  return Number.isFinite(lastLogin) && lastLogin > Date.parse(user.createdAt);
}

/** The contract's User from identity's; e-mail only ever goes to its owner. */
export function userJson(user: User__Output): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    // Missions' badges replace these when it answers (withParts).
    badge: 'Rookie',
    badges: [],
    createdAt: user.createdAt,
    returning: isReturning(user),
    favoriteTeamId: user.favoriteTeamId || null,
    muted: user.muted,
    muteReason: user.muted ? user.muteReason || null : null,
    mutedUntil: user.muted ? user.mutedUntil || null : null,
  };
}

/** Parts owned by other services answer within this; a slow or failing part is left out, never the whole user. */
const PART_TIMEOUT_MS = 1_500;

/**
 * GET /api/user: identity's user plus the parts other services own (coins from the wallet, the
 * collection summary from cards-market, rank from the leaderboard, badges from missions), fetched in
 * parallel; the badges from `badges`' copy when it has one (user-badges.ts).
 */
export async function currentUser(clients: Clients, userId: number, badges?: UserBadges): Promise<User> {
  return withParts(clients, await clients.identity.GetUser({ userId }), badges);
}

const within = { timeoutMs: PART_TIMEOUT_MS };

/**
 * Identity's user with the parts other services own: the one user shape of every answer. Card count
 * and collection value come from cards-market, which owns the cards and is current the moment a
 * purchase settles; the leaderboard's (built from events, so a moment behind) stand in when
 * cards-market does not answer. Rank 0 is the leaderboard's "not ranked": null.
 */
export async function withParts(clients: Clients, user: User__Output, kept?: UserBadges): Promise<User> {
  const userId = user.id;
  const [summaries, balance, stats, badges] = await Promise.all([
    clients.cardsMarket.GetCollectionSummaries({ userIds: [userId] }, within).catch(() => undefined),
    clients.wallet.GetBalance({ userId }, within).catch(() => undefined),
    clients.leaderboard.GetUserStats({ userId }, within).catch(() => undefined),
    (kept ? kept.get(userId, within) : clients.missions.GetUserBadges({ userId }, within)).catch(
      () => undefined,
    ),
  ]);
  const json = userJson(user);
  if (balance) json.coins = balance.coins;
  const board = stats?.stats;
  if (board) {
    json.rank = board.rank > 0 ? board.rank : null;
    json.cardCount = board.cardCount;
    json.collectionValue = board.collectionValue;
  }
  const summary = summaries?.summaries[0];
  if (summary) {
    json.cardCount = summary.cardCount;
    json.collectionValue = summary.collectionValue;
  }
  if (badges) {
    json.badge = badges.badge || 'Rookie';
    json.badges = badges.badges.map(badgeJson);
  }
  return json;
}
