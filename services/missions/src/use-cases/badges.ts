import type { Tx } from '@touchline/kit';
import type { GetUserBadgesResponse } from '@touchline/protos/gen/touchline/missions/GetUserBadgesResponse';
import type { ListBadgesResponse } from '@touchline/protos/gen/touchline/missions/ListBadgesResponse';
import { insertBadge, userBadges } from '../db/badges';
import { currentBadge } from '../domain/badges';
import type { BadgeDefinition } from '../domain/definitions';
import type { MissionsDeps } from './deps';

/**
 * Earns a badge once: the first call records it and tells notifications (missions.badge.earned).
 * The badge counts as known only once the transaction has committed: the row seen or written may be
 * this transaction's own, and a rollback takes it away.
 */
export async function earnBadge(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  badge: BadgeDefinition,
  earnedAt: Date,
): Promise<void> {
  if (deps.earnedBadges.has(userId, badge.id)) return;
  const inserted = await insertBadge(trx, userId, badge.id, earnedAt);
  trx.executionPromise.then(
    () => deps.earnedBadges.add(userId, badge.id),
    () => {},
  );
  if (!inserted) return;
  await deps.outbox.add(trx, 'missions.badge.earned', String(userId), {
    userId,
    badgeId: badge.id,
    name: badge.name,
    description: badge.description,
    icon: badge.icon,
    earnedAt: earnedAt.toISOString(),
  });
}

export async function earnBadges(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  badges: readonly BadgeDefinition[],
  earnedAt: Date,
): Promise<void> {
  for (const badge of badges) await earnBadge(deps, trx, userId, badge, earnedAt);
}

/** The user's badges, newest first, and the label of the latest ('Rookie' before any). */
export async function getUserBadges(deps: MissionsDeps, userId: number): Promise<GetUserBadgesResponse> {
  const earned = (await userBadges(deps.db, userId)).map((row) => ({
    badgeId: row.badge_id,
    earnedAt: row.earned_at,
  }));
  const badges = earned.flatMap(({ badgeId, earnedAt }) => {
    const badge = deps.badges.find((b) => b.id === badgeId);
    return badge ? [{ ...messageOf(badge), earnedAt: earnedAt.toISOString() }] : [];
  });
  return { badge: currentBadge(earned, deps.badges), badges };
}

export function listBadges(deps: MissionsDeps): ListBadgesResponse {
  return { badges: deps.badges.map((badge) => ({ ...messageOf(badge), earnedAt: '' })) };
}

function messageOf(badge: BadgeDefinition) {
  return {
    id: badge.id,
    name: badge.name,
    description: badge.description,
    icon: badge.icon,
    howToEarn: badge.howToEarn,
  };
}
