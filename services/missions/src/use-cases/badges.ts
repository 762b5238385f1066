import type { OutboxEvent, Tx } from '@touchline/kit';
import type { GetUserBadgesResponse } from '@touchline/protos/gen/touchline/missions/GetUserBadgesResponse';
import type { ListBadgesResponse } from '@touchline/protos/gen/touchline/missions/ListBadgesResponse';
import { insertBadges, userBadges, userCounters } from '../db/badges';
import { countPaidClaims } from '../db/claims';
import { userCollectionValue } from '../db/stats';
import { badgeProgress, currentBadge, type Standing } from '../domain/badges';
import type { BadgeDefinition } from '../domain/definitions';
import type { MissionsDeps } from './deps';

/** A badge a user reached, and when. */
export interface BadgeReached {
  userId: number;
  badge: BadgeDefinition;
  earnedAt: Date;
}

/**
 * Earns badges once each: the first call records a badge and tells notifications
 * (missions.badge.earned), for all of them in one insert and one outbox write. A badge counts as
 * known only once the transaction has committed: the row seen or written may be this
 * transaction's own, and a rollback takes it away.
 */
export async function earnReached(deps: MissionsDeps, trx: Tx, reached: BadgeReached[]): Promise<void> {
  const keyOf = (userId: number, badgeId: string) => `${userId}:${badgeId}`;
  const fresh = new Map<string, BadgeReached>();
  for (const one of reached) {
    const key = keyOf(one.userId, one.badge.id);
    if (!fresh.has(key) && !deps.earnedBadges.has(one.userId, one.badge.id)) fresh.set(key, one);
  }
  if (fresh.size === 0) return;
  // Users, then badges, in a fixed order, so two transactions never wait on each other in a cycle.
  const ordered = [...fresh.values()].sort(
    (a, b) => a.userId - b.userId || a.badge.id.localeCompare(b.badge.id),
  );
  const inserted = await insertBadges(
    trx,
    ordered.map(({ userId, badge, earnedAt }) => ({ userId, badgeId: badge.id, earnedAt })),
  );
  trx.executionPromise.then(
    () => {
      for (const { userId, badge } of ordered) deps.earnedBadges.add(userId, badge.id);
    },
    () => {},
  );
  // The events in the order the badges were reached.
  await deps.outbox.addAll(
    trx,
    [...fresh.values()].filter(({ userId, badge }) => inserted.has(keyOf(userId, badge.id))).map(earnedEvent),
  );
}

/** missions.badge.earned: tells notifications of a badge reached. */
export function earnedEvent({ userId, badge, earnedAt }: BadgeReached): OutboxEvent {
  return {
    topic: 'missions.badge.earned',
    key: String(userId),
    payload: {
      userId,
      badgeId: badge.id,
      name: badge.name,
      description: badge.description,
      icon: badge.icon,
      earnedAt: earnedAt.toISOString(),
    },
  };
}

/** Earns one user's badges at one time (see earnReached). */
export function earnBadges(
  deps: MissionsDeps,
  trx: Tx,
  userId: number,
  badges: readonly BadgeDefinition[],
  earnedAt: Date,
): Promise<void> {
  return earnReached(
    deps,
    trx,
    badges.map((badge) => ({ userId, badge, earnedAt })),
  );
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
