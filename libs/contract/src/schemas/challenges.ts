import { z } from 'zod';
import { Id, idParam, Position, Rarity, Timestamp } from './common';

/** Squad challenges (docs/features.md, "Squad challenges"; decision 0018). */

// The limits of libs/rules challenges.ts (the contract depends on zod only); cards-market checks them too.
const CHALLENGE_MAX_CARDS = 11;
const CHALLENGE_MAX_REWARD = 1_000_000;
const CHALLENGE_TITLE_MAX = 80;
const CHALLENGE_DESCRIPTION_MAX = 300;

export const ChallengeSubmission = z
  .object({
    id: z.number(),
    challengeId: z.number(),
    /** The cards given up: burned, gone from every collection. */
    cardIds: z.array(z.number()),
    totalValue: z.number(),
    rewardCoins: z.number(),
    /** 'pending' while the wallet has not confirmed the coins yet (they follow within seconds). */
    rewardStatus: z.enum(['pending', 'paid']),
    createdAt: Timestamp,
    /** The reward pack's id; null when the challenge gave none. */
    rewardPackId: z.number().nullable(),
    /** The reward pack's cards, given with the burn: an unopened pack until revealed (GET /api/packs/unopened). */
    packCardIds: z.array(z.number()),
  })
  .meta({ id: 'ChallengeSubmission' });

export const Challenge = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    /** Exactly this many cards. */
    cardCount: z.number(),
    /** Every card of this team; null = any team. */
    teamId: z.number().nullable(),
    teamName: z.string().nullable(),
    /** Every card of this position; null = any. */
    position: Position.nullable(),
    /** Every card of this rarity or rarer; null = any. */
    minRarity: Rarity.nullable(),
    /** The cards' current prices add up to at least this; null = no minimum. */
    minTotalValue: z.number().nullable(),
    /** 0 when the reward is a pack only. */
    rewardCoins: z.number(),
    /** A shop pack (GET /api/packs) given with the coins; null = none. */
    rewardPackId: z.number().nullable(),
    rewardPackName: z.string().nullable(),
    startsAt: Timestamp,
    endsAt: Timestamp.nullable(),
    retiredAt: Timestamp.nullable(),
    state: z.enum(['scheduled', 'open', 'ended', 'retired']),
    /** Players who completed it. */
    completions: z.number(),
    /** The caller's own submission; null until they complete it (always null in the admin list). */
    submission: ChallengeSubmission.nullable(),
  })
  .meta({ id: 'Challenge' });

export const ChallengeList = z.object({ items: z.array(Challenge) });
export const ChallengeIdParams = z.object({ id: idParam('id') });

export const SubmitChallengeBody = z.strictObject({
  cardIds: z
    .array(Id)
    .min(1, 'cardIds: choose the cards of your squad')
    .max(CHALLENGE_MAX_CARDS, `cardIds: a squad has at most ${CHALLENGE_MAX_CARDS} cards`),
});

export const ChallengeSubmitted = z.object({ submission: ChallengeSubmission, challenge: Challenge });

const Instant = z.iso.datetime({ offset: true });

export const CreateChallengeBody = z.strictObject({
  title: z.string().trim().min(1).max(CHALLENGE_TITLE_MAX),
  description: z.string().trim().max(CHALLENGE_DESCRIPTION_MAX).optional(),
  cardCount: z.number().int().min(1).max(CHALLENGE_MAX_CARDS),
  teamId: Id.nullable().optional(),
  position: Position.nullable().optional(),
  minRarity: Rarity.nullable().optional(),
  minTotalValue: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** 0 only with a reward pack: a challenge gives coins, a pack, or both. */
  rewardCoins: z.number().int().min(0).max(CHALLENGE_MAX_REWARD),
  /** One of the shop's packs (GET /api/packs), minted to the player with the burn; null = none. */
  rewardPackId: Id.nullable().optional(),
  /** Default: now. */
  startsAt: Instant.optional(),
  /** Default: no end. */
  endsAt: Instant.nullable().optional(),
});

export const ScheduleChallengeBody = z.strictObject({
  startsAt: Instant,
  endsAt: Instant.nullable(),
});

export type Challenge = z.infer<typeof Challenge>;
export type ChallengeSubmission = z.infer<typeof ChallengeSubmission>;
export type CreateChallengeBody = z.infer<typeof CreateChallengeBody>;
export type ScheduleChallengeBody = z.infer<typeof ScheduleChallengeBody>;
