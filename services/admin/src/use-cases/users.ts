import { status } from '@grpc/grpc-js';
import { forbidden, invalid, isServiceError } from '@touchline/kit';
import { MUTE_DURATION_INVALID, MUTE_DURATION_SECONDS } from '@touchline/rules';
import type { AdminUser } from '@touchline/protos/gen/touchline/admin/AdminUser';
import type { User__Output as User } from '@touchline/protos/gen/touchline/identity/User';
import { adminUser, NO_LIMIT, NO_PURCHASES, NO_STATS } from '../domain/admin-user';
import { audited } from './audited';
import { chunked } from './chunked';
import type { AdminDeps } from './deps';
import { fraudReports } from './fraud';
import { requireAdmin, requireKey } from './require-admin';

export const ADMIN_NOT_MODERATED = 'Admins cannot be banned or muted';

type Stats = { userId: number; rank: number; collectionValue: number; cardCount: number };

/**
 * Rank and collection value come from the leaderboard. While it is unbuilt (UNIMPLEMENTED) or down,
 * the list still loads: card count and value from cards-market, every user unranked, and a warning
 * in the log. If cards-market fails too, zeros.
 */
async function statsOf(deps: AdminDeps, ids: number[]): Promise<Map<number, Stats>> {
  try {
    const stats = await chunked(
      ids,
      async (slice) => (await deps.leaderboard.GetUsersStats({ userIds: slice })).stats,
    );
    return new Map(stats.map((s) => [s.userId, s]));
  } catch (error) {
    const code = isServiceError(error) ? status[error.code] : 'unknown';
    deps.logger.warn({ err: error, code }, 'leaderboard unavailable: users listed unranked');
  }
  try {
    const summaries = await chunked(
      ids,
      async (slice) => (await deps.cards.GetCollectionSummaries({ userIds: slice })).summaries,
    );
    return new Map(summaries.map((s) => [s.userId, { ...s, rank: 0 }]));
  } catch (error) {
    deps.logger.warn({ err: error }, 'cards-market unavailable: collection values listed as 0');
    return new Map();
  }
}

/** The admin rows of the users: identity joined with coins, purchases, limits (wallet), stats and flags. */
export async function composeUsers(deps: AdminDeps, users: User[]): Promise<AdminUser[]> {
  const ids = users.map((u) => u.id);
  const known = new Map(users.map((u) => [u.id, u]));
  const [balances, purchases, limits, stats, reports] = await Promise.all([
    chunked(ids, async (slice) => (await deps.wallet.GetBalances({ userIds: slice })).balances),
    chunked(ids, async (slice) => (await deps.wallet.GetPurchaseSummaries({ userIds: slice })).summaries),
    chunked(ids, async (slice) => (await deps.wallet.GetSpendingLimits({ userIds: slice })).limits),
    statsOf(deps, ids),
    fraudReports(deps, ids, known),
  ]);
  const coins = new Map(balances.map((b) => [b.userId, b.coins]));
  const bought = new Map(purchases.map((p) => [p.userId, p]));
  const limit = new Map(limits.map((l) => [l.userId, l]));
  return users.map((user) =>
    adminUser({
      user,
      coins: coins.get(user.id) ?? 0,
      stats: stats.get(user.id) ?? NO_STATS,
      purchases: bought.get(user.id) ?? NO_PURCHASES,
      limit: limit.get(user.id) ?? NO_LIMIT,
      report: reports.get(user.id),
    }),
  );
}

export async function listUsers(deps: AdminDeps, userId: number): Promise<{ users: AdminUser[] }> {
  await requireAdmin(deps, userId);
  const { users } = await deps.identity.ListAllUsers({});
  return { users: await composeUsers(deps, users) };
}

type Flag = 'banned' | 'muted';

/**
 * Ban or mute a non-admin (docs/design.md#6-security): identity refuses admins as well, and closes every
 * session on a ban; trading (offers, wishes) and cards-market (listings) react to the event.
 */
async function setFlag(
  deps: AdminDeps,
  flag: Flag,
  request: {
    userId: number;
    targetUserId: number;
    value: boolean;
    idempotencyKey: string;
    reason?: string;
    durationSeconds?: number;
  },
): Promise<{ user: AdminUser; revokedSessionIds: string[] }> {
  await requireAdmin(deps, request.userId);
  const duration = Number(request.durationSeconds ?? 0);
  if (flag === 'muted' && request.value && !MUTE_DURATION_SECONDS.includes(duration))
    throw invalid(MUTE_DURATION_INVALID);
  const target = await deps.identity.GetUser({ userId: request.targetUserId });
  const action =
    flag === 'banned'
      ? request.value
        ? 'user.ban'
        : 'user.unban'
      : request.value
        ? 'user.mute'
        : 'user.unmute';
  const moderated = await audited(
    deps,
    {
      actorUserId: request.userId,
      action,
      targetType: 'user',
      targetId: String(target.id),
      subjectUserId: target.id,
      key: requireKey(request.idempotencyKey),
      request: {
        targetUserId: target.id,
        [flag]: request.value,
        reason: request.reason ?? '',
        ...(flag === 'muted' && request.value ? { durationSeconds: duration } : {}),
      },
      before: { banned: target.banned, muted: target.muted },
    },
    async (startedAt) => {
      if (target.isAdmin) throw forbidden(ADMIN_NOT_MODERATED);
      const order = {
        userId: target.id,
        value: request.value,
        actorUserId: request.userId,
        idempotencyKey: request.idempotencyKey,
        reason: request.reason ?? '',
        // Counted from the audit entry's first start: a retry of the key sets the same end.
        mutedUntil:
          flag === 'muted' && request.value && duration > 0
            ? new Date(startedAt.getTime() + duration * 1000).toISOString()
            : '',
      };
      return flag === 'banned' ? deps.identity.SetBanned(order) : deps.identity.SetMuted(order);
    },
    (result) => ({
      banned: result.user!.banned,
      muted: result.user!.muted,
      ...(result.user!.mutedUntil ? { mutedUntil: result.user!.mutedUntil } : {}),
      revokedSessions: result.revokedSessionIds.length,
    }),
  );
  const [user] = await composeUsers(deps, [moderated.user!]);
  return { user: user!, revokedSessionIds: moderated.revokedSessionIds };
}

export const setBanned = (
  deps: AdminDeps,
  request: {
    userId: number;
    targetUserId: number;
    banned: boolean;
    idempotencyKey: string;
    reason: string;
  },
) => setFlag(deps, 'banned', { ...request, value: request.banned });

export const setMuted = (
  deps: AdminDeps,
  request: {
    userId: number;
    targetUserId: number;
    muted: boolean;
    idempotencyKey: string;
    reason: string;
    durationSeconds: number;
  },
) => setFlag(deps, 'muted', { ...request, value: request.muted });
