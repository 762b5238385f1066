import type { Rarity } from './packs';

/**
 * Matchday lineups (issue 44): the lineup's shape, the points table, the rarity bonus, the captain and
 * the rewards by rank. The matchday service scores with these and the help screen shows them.
 * Points are kept in tenths (integers) wherever they are stored or sent, so that the captain's x1.5
 * and the rarity bonuses stay exact; `formatPoints` shows them.
 */

export const PITCH_POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;
export type PitchPosition = (typeof PITCH_POSITIONS)[number];

/** Five cards: one of each position and one more outfield player. */
export const LINEUP_SIZE = 5;

/** The captain's points count this many times. */
export const CAPTAIN_MULTIPLIER = 1.5;

/** Percent added to a card's points by its rarity. */
export const RARITY_BONUS_PERCENT: Record<Rarity, number> = {
  Common: 0,
  Rare: 5,
  Epic: 10,
  Legendary: 20,
  'Ultra Legendary': 30,
};

/** The points table: what each thing a player did in the match is worth, by position where it differs. */
export const MATCH_POINTS = {
  /** Played at all (1 to 59 minutes). */
  appearance: 1,
  /** Played 60 minutes or more (instead of the appearance point). */
  sixtyMinutes: 2,
  goal: { Goalkeeper: 6, Defender: 6, Midfielder: 5, Forward: 4 } satisfies Record<PitchPosition, number>,
  assist: 3,
  /** No goal conceded while on the pitch for 60 minutes or more. */
  cleanSheet: { Goalkeeper: 4, Defender: 4, Midfielder: 1, Forward: 0 } satisfies Record<
    PitchPosition,
    number
  >,
  /** Every 3 saves. */
  savesPer: 3,
  saves: 1,
  /** Every 2 goals conceded, goalkeepers and defenders only. */
  concededPer: 2,
  conceded: -1,
  yellowCard: -1,
  redCard: -3,
} as const;

/** One player's match, as the feed reports it. */
export interface MatchStats {
  minutes: number;
  goals: number;
  assists: number;
  saves: number;
  cleanSheet: boolean;
  goalsConceded: number;
  yellowCards: number;
  redCards: number;
}

/** A player's points (whole points) for one match by the table above; 0 when they did not play. */
export function matchPoints(position: PitchPosition, s: MatchStats): number {
  if (s.minutes <= 0) return 0;
  let points = s.minutes >= 60 ? MATCH_POINTS.sixtyMinutes : MATCH_POINTS.appearance;
  points += s.goals * MATCH_POINTS.goal[position];
  points += s.assists * MATCH_POINTS.assist;
  if (s.cleanSheet && s.minutes >= 60) points += MATCH_POINTS.cleanSheet[position];
  if (position === 'Goalkeeper') points += Math.floor(s.saves / MATCH_POINTS.savesPer) * MATCH_POINTS.saves;
  if (position === 'Goalkeeper' || position === 'Defender')
    points += Math.floor(s.goalsConceded / MATCH_POINTS.concededPer) * MATCH_POINTS.conceded;
  points += s.yellowCards * MATCH_POINTS.yellowCard + s.redCards * MATCH_POINTS.redCard;
  return points;
}

/**
 * A fielded card's points in tenths: the player's points with the rarity bonus, times 1.5 for the
 * captain. The bonus and the captaincy scale a negative score too (a captain's red card hurts).
 */
export function cardPointsTenths(playerPoints: number, rarity: Rarity, captain: boolean): number {
  const withBonus = playerPoints * (100 + RARITY_BONUS_PERCENT[rarity]);
  const tenths = (withBonus * (captain ? CAPTAIN_MULTIPLIER * 10 : 10)) / 100;
  return Math.round(tenths);
}

/** "12.5" for 125 tenths, "-3" for -30. */
export function formatPoints(tenths: number): string {
  const value = tenths / 10;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * Rewards by rank, in coins, added together: every lineup scored earns the entry reward; the top 10%
 * (at least the best one) earn more, and the top 1% (at least the best one) more again.
 */
export const MATCHDAY_REWARDS = {
  entry: 100,
  top10Percent: 1_000,
  top1Percent: 5_000,
} as const;

/** Coins for a lineup ranked `rank` (1 is best) of `entries`. */
export function matchdayReward(rank: number, entries: number): number {
  if (rank < 1 || entries < 1) return 0;
  let coins = MATCHDAY_REWARDS.entry;
  if (rank <= Math.max(1, Math.floor(entries * 0.1))) coins += MATCHDAY_REWARDS.top10Percent;
  if (rank <= Math.max(1, Math.floor(entries * 0.01))) coins += MATCHDAY_REWARDS.top1Percent;
  return coins;
}

/** Whether five positions make a lineup: one goalkeeper, at least one defender, midfielder and forward. */
export function lineupShapeError(positions: readonly string[]): string | undefined {
  if (positions.length !== LINEUP_SIZE) return `A lineup has ${LINEUP_SIZE} cards`;
  const count = (p: PitchPosition) => positions.filter((x) => x === p).length;
  if (count('Goalkeeper') !== 1) return 'A lineup has exactly one goalkeeper';
  if (count('Defender') < 1) return 'A lineup needs a defender';
  if (count('Midfielder') < 1) return 'A lineup needs a midfielder';
  if (count('Forward') < 1) return 'A lineup needs a forward';
  return undefined;
}

/**
 * A lineup holds its cards in cards-market under keys that start with this (matchday's
 * `matchday:{matchday}:{user}:{version}:{card}:{nonce}`), so cards-market can tell a fielded card
 * from one held by a trade or an auction and say why it cannot be sold or traded.
 */
export const LINEUP_HOLD_PREFIX = 'matchday:';

export const isLineupHold = (holdKey: string | null | undefined): boolean =>
  !!holdKey && holdKey.startsWith(LINEUP_HOLD_PREFIX);

/** The refusals a fielded card gets until kickoff (then the lineup's holds are voided). */
export const LINEUP_CARD_MESSAGES = {
  /** Selling, listing or starting an auction with it; offering it in a trade. */
  cardInLineup: "This card is in this matchday's lineup until kickoff",
  /** Asking for another player's fielded card in a trade. */
  requestedCardInLineup: "A requested card is in its owner's matchday lineup until kickoff",
  /** Accepting a trade whose card was fielded since the offer. */
  tradeCardInLineup: 'A card in this trade is in a matchday lineup until kickoff',
} as const;
