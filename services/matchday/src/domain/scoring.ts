import { cardPointsTenths, matchdayReward, type MatchStats, type Rarity } from '@touchline/rules';

/** Scoring a matchday's lineups from its results, and ranking them. Pure. */

export interface FieldedCard {
  cardId: number;
  playerId: number;
  rarity: Rarity;
  captain: boolean;
}

export interface LineupToScore {
  userId: number;
  /** When the lineup took its final shape: the earlier one ranks first on equal points. */
  updatedAt: Date;
  cards: readonly FieldedCard[];
}

export interface PlayerPoints extends MatchStats {
  /** Whole points by the table. */
  points: number;
}

export interface ScoredCard {
  cardId: number;
  /** Tenths, with the rarity bonus and the captaincy. */
  points: number;
}

export interface ScoredLineup {
  userId: number;
  points: number;
  rank: number;
  reward: number;
  cards: ScoredCard[];
}

/** A card's player who did not play (or is missing from the results) scores 0. */
export function scoreLineup(lineup: LineupToScore, results: ReadonlyMap<number, PlayerPoints>): ScoredCard[] {
  return lineup.cards.map((card) => ({
    cardId: card.cardId,
    points: cardPointsTenths(results.get(card.playerId)?.points ?? 0, card.rarity, card.captain),
  }));
}

/**
 * Every lineup's points, its rank (1 is best: more points first, then the earlier final lineup, then
 * the lower user id, so every lineup has its own rank) and its reward by rank.
 */
export function scoreMatchday(
  lineups: readonly LineupToScore[],
  results: ReadonlyMap<number, PlayerPoints>,
): ScoredLineup[] {
  const scored = lineups.map((lineup) => {
    const cards = scoreLineup(lineup, results);
    return { lineup, cards, points: cards.reduce((sum, c) => sum + c.points, 0) };
  });
  scored.sort(
    (a, b) =>
      b.points - a.points ||
      a.lineup.updatedAt.getTime() - b.lineup.updatedAt.getTime() ||
      a.lineup.userId - b.lineup.userId,
  );
  return scored.map((s, i) => ({
    userId: s.lineup.userId,
    points: s.points,
    rank: i + 1,
    reward: matchdayReward(i + 1, scored.length),
    cards: s.cards,
  }));
}
