import { z } from 'zod';
import { Timestamp } from './common';

export const MISSION_PERIODS = ['daily', 'weekly'] as const;

/** A mission of the current period with the user's progress (docs/spec/game-spec.md#3-entities-and-their-fields). */
export const Mission = z
  .object({
    id: z.number(),
    period: z.enum(MISSION_PERIODS),
    description: z.string(),
    /** A lucide icon name ('shopping-cart', 'package-open' …). */
    icon: z.string(),
    progress: z.number(),
    target: z.number(),
    /** Coins paid when claimed. */
    reward: z.number(),
    claimed: z.boolean(),
    /** progress reached target: claimable unless claimed. */
    completed: z.boolean(),
    completedAt: Timestamp.nullable(),
    claimedAt: Timestamp.nullable(),
    /** When this period's progress ends (midnight ET; Sunday midnight ET for weekly ones). */
    resetsAt: Timestamp,
  })
  .meta({ id: 'Mission' });
export type Mission = z.infer<typeof Mission>;

export const MissionLists = z.object({ daily: z.array(Mission), weekly: z.array(Mission) }).meta({
  id: 'MissionLists',
});
export type MissionLists = z.infer<typeof MissionLists>;

export const ClaimResult = z.object({
  mission: Mission,
  /** Coins paid. */
  reward: z.number(),
  /** The balance after the reward. */
  coins: z.number(),
  message: z.string(),
});
export type ClaimResult = z.infer<typeof ClaimResult>;

/** A badge that can be earned, earned or not: Profile → Achievements shows the locked ones with howToEarn. */
export const BadgeDefinition = z
  .object({
    name: z.string(),
    /** What the player did, shown once earned. */
    description: z.string(),
    icon: z.string(),
    /** What earns it ('Open a card pack'). */
    howToEarn: z.string(),
    /** How far the user is toward it (19,078 of 25,000); null when there is no count to show. */
    progress: z.object({ current: z.number(), target: z.number() }).nullable(),
  })
  .meta({ id: 'BadgeDefinition' });
export type BadgeDefinition = z.infer<typeof BadgeDefinition>;
