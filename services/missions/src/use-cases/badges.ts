import type { Tx } from '@touchline/kit';
import type { GetUserBadgesResponse } from '@touchline/protos/gen/touchline/missions/GetUserBadgesResponse';
import type { ListBadgesResponse } from '@touchline/protos/gen/touchline/missions/ListBadgesResponse';
import { insertBadge, userBadges, userCounters } from '../db/badges';
import { countPaidClaims } from '../db/claims';
import { userCollectionValue } from '../db/stats';
import { badgeProgress, currentBadge, type Standing } from '../domain/badges';
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

/** Every badge; for a user (id > 0) with how far they are toward each (a locked badge's progress). */
export async function listBadges(deps: MissionsDeps, userId: number): Promise<ListBadgesResponse> {
  const standing: Standing | null =
    userId > 0
      ? {
          counters: await userCounters(deps.db, userId),
          collectionValue: await userCollectionValue(deps.db, userId),
          missionsClaimed: await countPaidClaims(deps.db, userId),
        }
      : null;
  return {
    badges: deps.badges.map((badge) => {
      const progress = standing && badgeProgress(badge, standing);
      return {
        ...messageOf(badge),
        earnedAt: '',
        progress: progress?.progress ?? 0,
        threshold: progress?.threshold ?? 0,
      };
    }),
  };
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
