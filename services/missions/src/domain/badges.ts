import type { Fact } from './events';
import { factMatches } from './events';
import { DEFAULT_BADGE, type BadgeDefinition } from './definitions';

type EventsRule = Extract<BadgeDefinition['rule'], { kind: 'events' }>;

/** A lifetime counter's name: the event and roles it counts (badges sharing them share the counter). */
export const counterKey = (rule: { event: string; as: readonly string[] }): string =>
  `${rule.event}:${[...rule.as].sort().join(',')}`;

/** The lifetime counters a fact moves: one per distinct (event, roles) that some badge counts. */
export function countersMovedBy(fact: Fact, badges: readonly BadgeDefinition[]): string[] {
  const keys = badges
    .map((b) => b.rule)
    .filter((rule): rule is EventsRule => rule.kind === 'events' && factMatches(fact, rule))
    .map(counterKey);
  return [...new Set(keys)];
}

/** Badges a lifetime counter at `count` has earned. */
export function badgesForCounter(key: string, count: number, badges: readonly BadgeDefinition[]) {
  return badges.filter(
    (b) => b.rule.kind === 'events' && counterKey(b.rule) === key && count >= b.rule.atLeast,
  );
}

export function badgesForCollectionValue(value: number, badges: readonly BadgeDefinition[]) {
  return badges.filter((b) => b.rule.kind === 'collectionValue' && value >= b.rule.atLeast);
}

export function badgesForClaims(claimed: number, badges: readonly BadgeDefinition[]) {
  return badges.filter((b) => b.rule.kind === 'missionsClaimed' && claimed >= b.rule.atLeast);
}

/** Where a user stands on what the badges measure. */
export interface Standing {
  /** Lifetime counters by counterKey. */
  counters: ReadonlyMap<string, number>;
  collectionValue: number;
  missionsClaimed: number;
}

/**
 * How far a user is toward a badge: the measure now (never past the threshold) and the threshold;
 * null for a badge with no count to show (a team's whole roster).
 */
export function badgeProgress(
  badge: BadgeDefinition,
  standing: Standing,
): { progress: number; threshold: number } | null {
  const { rule } = badge;
  const at = (value: number, threshold: number) => ({
    progress: Math.min(Math.max(0, value), threshold),
    threshold,
  });
  switch (rule.kind) {
    case 'events':
      return at(standing.counters.get(counterKey(rule)) ?? 0, rule.atLeast);
    case 'collectionValue':
      return at(standing.collectionValue, rule.atLeast);
    case 'missionsClaimed':
      return at(standing.missionsClaimed, rule.atLeast);
    case 'teamRoster':
      return null;
  }
}

export function teamRosterBadges(badges: readonly BadgeDefinition[]) {
  return badges.filter((b) => b.rule.kind === 'teamRoster');
}

/** Teams of which the user owns at least one card of every player. */
export function completedTeams(
  teams: readonly { teamId: number; players: number; ownedPlayers: number }[],
): number[] {
  return teams
    .filter(({ teamId, players, ownedPlayers }) => teamId > 0 && players > 0 && ownedPlayers >= players)
    .map(({ teamId }) => teamId);
}

export interface EarnedBadge {
  badgeId: string;
  earnedAt: Date;
}

/**
 * The user's badge label: the latest earned; among badges earned at the same moment, the one later
 * in the catalogue (they are listed from easiest to hardest). 'Rookie' before any.
 */
export function currentBadge(earned: readonly EarnedBadge[], badges: readonly BadgeDefinition[]): string {
  const order = (id: string) => badges.findIndex((b) => b.id === id);
  const latest = [...earned]
    .filter((e) => order(e.badgeId) >= 0)
    .sort((a, b) => b.earnedAt.getTime() - a.earnedAt.getTime() || order(b.badgeId) - order(a.badgeId))[0];
  return latest ? badges[order(latest.badgeId)]!.name : DEFAULT_BADGE;
}
