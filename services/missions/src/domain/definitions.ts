import type { CountedTopic } from './events';
import type { PeriodKind } from './periods';

/** What moves a mission or a badge: a count of events, or a value the event carries. */
export type Counter =
  /** +1 for every event of `event` in which the user plays one of the roles `as`. */
  | { event: CountedTopic; as: readonly string[] }
  /** How far the user's collection value rose above where it stood when the period began. */
  | { event: 'leaderboard.stats.changed'; gainOf: 'collectionValue' };

export interface MissionDefinition {
  /** Stable: progress and claims refer to it. */
  id: number;
  period: PeriodKind;
  description: string;
  /** A lucide icon name the web draws. */
  icon: string;
  counts: Counter;
  target: number;
  /** Coins paid by the wallet on claim. */
  reward: number;
}

export type BadgeRule =
  /** The `atLeast`-th event of `event` in one of the roles `as`, over the user's whole life. */
  | { kind: 'events'; event: CountedTopic; as: readonly string[]; atLeast: number }
  /** The user's collection value reached `atLeast` coins (leaderboard.stats.changed). */
  | { kind: 'collectionValue'; atLeast: number }
  /** The user has claimed `atLeast` mission rewards. */
  | { kind: 'missionsClaimed'; atLeast: number }
  /** The user owns a card of every player of one team's roster. */
  | { kind: 'teamRoster' };

export interface BadgeDefinition {
  /** Stable: earned badges refer to it. */
  id: string;
  name: string;
  /** What the player did, shown once earned ('Opened your first pack'). */
  description: string;
  /** What earns it, shown on the locked badge before ('Open a card pack'). */
  howToEarn: string;
  /** A lucide icon name the web knows (award, crown, flame, gem, medal, rocket, shield, sparkles, star, target, trophy, zap). */
  icon: string;
  rule: BadgeRule;
}

/** The user's badge label before any is earned (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const DEFAULT_BADGE = 'Rookie';

export const isCountingMission = (
  mission: MissionDefinition,
): mission is MissionDefinition & { counts: { event: CountedTopic; as: readonly string[] } } =>
  'as' in mission.counts;

export const isValueMission = (
  mission: MissionDefinition,
): mission is MissionDefinition & { counts: { gainOf: 'collectionValue' } } => 'gainOf' in mission.counts;
