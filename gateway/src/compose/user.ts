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
 * GET /api/user: identity's user plus the parts other services own (coins from the wallet, rank
 * and collection totals from the leaderboard, badges from missions), all asked at once; the badges
 * from `badges`' copy when it has one (user-badges.ts).
 */
export async function currentUser(clients: Clients, userId: number, badges?: UserBadges): Promise<User> {
  const [user, parts] = await Promise.all([
    clients.identity.GetUser({ userId }),
    partsOf(clients, userId, badges),
  ]);
  return { ...userJson(user), ...parts };
}

const within = { timeoutMs: PART_TIMEOUT_MS };

/** Identity's user with the parts other services own (partsOf): the one user shape of every answer. */
export async function withParts(clients: Clients, user: User__Output, kept?: UserBadges): Promise<User> {
  return { ...userJson(user), ...(await partsOf(clients, user.id, kept)) };
}

type Parts = Partial<Pick<User, 'coins' | 'rank' | 'cardCount' | 'collectionValue' | 'badge' | 'badges'>>;

/**
 * The user's parts that other services own; a part whose service does not answer is left out.
 * Rank, card count and collection value come together from the leaderboard, so that they agree (a
 * rank is of a value); the board is built from events, a moment behind a settled purchase, and the
 * page's own moves arrive on the live stream with their new totals (web/src/lib/live/leaderboard.ts).
 * A user the board does not rank yet (just signed up) or cannot answer for takes the count and
 * value from cards-market, which owns the cards. Rank 0 is the leaderboard's "not ranked": null.
 * (Asking both for every user was one more call on the costliest read: issue 41.)
 */
async function partsOf(clients: Clients, userId: number, kept?: UserBadges): Promise<Parts> {
  const [balance, stats, badges] = await Promise.all([
    clients.wallet.GetBalance({ userId }, within).catch(() => undefined),
    clients.leaderboard.GetUserStats({ userId }, within).catch(() => undefined),
    (kept ? kept.get(userId, within) : clients.missions.GetUserBadges({ userId }, within)).catch(
      () => undefined,
    ),
  ]);
  const parts: Parts = {};
  if (balance) parts.coins = balance.coins;
  const board = stats?.stats;
  if (board) parts.rank = board.rank > 0 ? board.rank : null;
  const totals = board && board.rank > 0 ? board : await collectionSummary(clients, userId, board);
  if (totals) {
    parts.cardCount = totals.cardCount;
    parts.collectionValue = totals.collectionValue;
  }
  if (badges) {
    parts.badge = badges.badge || 'Rookie';
    parts.badges = badges.badges.map(badgeJson);
  }
  return parts;
}

/** cards-market's count and value of the user's cards; the board's (if any) when it does not answer. */
async function collectionSummary(
  clients: Clients,
  userId: number,
  board: { cardCount: number; collectionValue: number } | null | undefined,
): Promise<{ cardCount: number; collectionValue: number } | undefined> {
  const summaries = await clients.cardsMarket
    .GetCollectionSummaries({ userIds: [userId] }, within)
    .catch(() => undefined);
  return summaries?.summaries[0] ?? board ?? undefined;
}
