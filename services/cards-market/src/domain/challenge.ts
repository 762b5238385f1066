import {
  CHALLENGE_DESCRIPTION_MAX,
  CHALLENGE_MAX_CARDS,
  CHALLENGE_MAX_REWARD,
  CHALLENGE_TITLE_MAX,
  isChallengeRarity,
  isPitchPosition,
  type ChallengeRequirements,
} from '@touchline/rules';
import { invalid } from '@touchline/kit';
import { findPack } from './packs';

export const CHALLENGE_REWARD_MESSAGES = {
  unknownPack: "Reward pack must be one of the shop's packs",
  noReward: 'A challenge needs a coin reward or a reward pack',
} as const;

/** The requirement columns of a challenge's row. */
export interface RequirementColumns {
  card_count: number;
  team_id: number | null;
  position: string | null;
  min_rarity: string | null;
  min_total_value: number | null;
}

/** A challenge row's requirements in the rules' terms. */
export function requirementsOf(row: RequirementColumns): ChallengeRequirements {
  return {
    cardCount: row.card_count,
    teamId: row.team_id,
    position: row.position !== null && isPitchPosition(row.position) ? row.position : null,
    minRarity: row.min_rarity !== null && isChallengeRarity(row.min_rarity) ? row.min_rarity : null,
    minTotalValue: row.min_total_value === null ? null : Number(row.min_total_value),
  };
}

/** What an admin may create: checked here so a bad field is a 400 naming it, never a constraint's 500. */
export interface ChallengeDraft {
  title: string;
  description: string;
  cardCount: number;
  teamId: number;
  position: string;
  minRarity: string;
  minTotalValue: number;
  rewardCoins: number;
  /** A pack of the shop's (domain/packs.ts PACKS) given with the coins; 0 or absent: none. */
  rewardPackId?: number;
  startsAt: string;
  endsAt: string;
}

/** An instant from the wire: '' is none (null); anything else must parse. */
export function parseInstant(value: string, field: string): Date | null {
  if (!value) return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalid(`${field} must be a date and time`);
  return at;
}

/** The schedule: a start (default now) and an optional end after it. */
export function checkSchedule(
  startsAt: string,
  endsAt: string,
  now: Date,
): { starts: Date; ends: Date | null } {
  const starts = parseInstant(startsAt, 'Start') ?? now;
  const ends = parseInstant(endsAt, 'End');
  if (ends && ends <= starts) throw invalid('The end must be after the start');
  return { starts, ends };
}

export function checkDraft(draft: ChallengeDraft, now: Date) {
  const title = draft.title.trim();
  if (!title || title.length > CHALLENGE_TITLE_MAX)
    throw invalid(`Title must be 1 to ${CHALLENGE_TITLE_MAX} characters`);
  const description = draft.description.trim();
  if (description.length > CHALLENGE_DESCRIPTION_MAX)
    throw invalid(`Description must be at most ${CHALLENGE_DESCRIPTION_MAX} characters`);
  if (!Number.isInteger(draft.cardCount) || draft.cardCount < 1 || draft.cardCount > CHALLENGE_MAX_CARDS)
    throw invalid(`Number of cards must be 1 to ${CHALLENGE_MAX_CARDS}`);
  if (draft.position && !isPitchPosition(draft.position))
    throw invalid('Position must be Goalkeeper, Defender, Midfielder or Forward');
  if (draft.minRarity && !isChallengeRarity(draft.minRarity)) throw invalid('Minimum rarity is not a rarity');
  if (!Number.isSafeInteger(draft.minTotalValue) || draft.minTotalValue < 0)
    throw invalid('Minimum total value must be a whole number of coins');
  const packId = draft.rewardPackId ?? 0;
  if (packId !== 0 && !(Number.isSafeInteger(packId) && findPack(packId)))
    throw invalid(CHALLENGE_REWARD_MESSAGES.unknownPack);
  // Coins, a pack, or both: 0 coins only with a pack.
  const fewest = packId ? 0 : 1;
  if (
    !Number.isSafeInteger(draft.rewardCoins) ||
    draft.rewardCoins < fewest ||
    draft.rewardCoins > CHALLENGE_MAX_REWARD
  )
    throw invalid(
      draft.rewardCoins === 0
        ? CHALLENGE_REWARD_MESSAGES.noReward
        : `Reward must be ${fewest} to ${CHALLENGE_MAX_REWARD.toLocaleString('en-US')} coins`,
    );
  const { starts, ends } = checkSchedule(draft.startsAt, draft.endsAt, now);
  return {
    title,
    description,
    card_count: draft.cardCount,
    team_id: draft.teamId || null,
    position: draft.position || null,
    min_rarity: draft.minRarity || null,
    min_total_value: draft.minTotalValue || null,
    reward_coins: draft.rewardCoins,
    reward_pack_id: packId || null,
    starts_at: starts,
    ends_at: ends,
  };
}
