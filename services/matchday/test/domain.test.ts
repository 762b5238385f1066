import { describe, expect, it } from 'vitest';
import {
  cardPointsTenths,
  formatPoints,
  matchdayReward,
  matchPoints,
  type MatchStats,
} from '@touchline/rules';
import { fixtureDraw } from '../src/domain/feed-draw';
import { fixturesOf, ratingsFromPrices, simulateRound, type FeedPlayer } from '../src/domain/match-model';
import { openWindow, windowOfRound, type Schedule } from '../src/domain/schedule';
import { scoreMatchday, type PlayerPoints } from '../src/domain/scoring';
import { checkLineupRequest, checkLineupShape, sameLineup } from '../src/domain/lineup';

const played = (s: Partial<MatchStats>): MatchStats => ({
  minutes: 90,
  goals: 0,
  assists: 0,
  saves: 0,
  cleanSheet: false,
  goalsConceded: 0,
  yellowCards: 0,
  redCards: 0,
  ...s,
});

/** 30 teams of 20: 2 goalkeepers, 7 defenders, 7 midfielders, 4 forwards, prices rising with the id. */
function league(): FeedPlayer[] {
  const players: { id: number; teamId: number; position: FeedPlayer['position']; basePrice: number }[] = [];
  let id = 1;
  for (let team = 1; team <= 30; team++) {
    const shape = [
      ...Array<FeedPlayer['position']>(2).fill('Goalkeeper'),
      ...Array<FeedPlayer['position']>(7).fill('Defender'),
      ...Array<FeedPlayer['position']>(7).fill('Midfielder'),
      ...Array<FeedPlayer['position']>(4).fill('Forward'),
    ];
    for (const position of shape) {
      players.push({ id, teamId: team, position, basePrice: 1_000 + ((id * 7919) % 5000) });
      id++;
    }
  }
  return ratingsFromPrices(players);
}

const roundOf = (key: string, round: number, players = league()) =>
  simulateRound(round, players, (f) => fixtureDraw(key, round, f.home, f.away));

describe('the points table', () => {
  it('scores by position: a defender’s goal and clean sheet, a forward’s goal, a keeper’s saves', () => {
    expect(matchPoints('Defender', played({ goals: 1, cleanSheet: true }))).toBe(2 + 6 + 4);
    expect(matchPoints('Forward', played({ goals: 2, assists: 1, cleanSheet: true }))).toBe(2 + 8 + 3);
    expect(matchPoints('Goalkeeper', played({ saves: 7, goalsConceded: 3 }))).toBe(2 + 2 - 1);
    expect(matchPoints('Midfielder', played({ minutes: 30, yellowCards: 1 }))).toBe(1 - 1);
    expect(matchPoints('Defender', played({ minutes: 45, cleanSheet: true }))).toBe(1);
    expect(matchPoints('Forward', played({ redCards: 1 }))).toBe(2 - 3);
    expect(matchPoints('Forward', played({ minutes: 0, goals: 1 }))).toBe(0);
  });

  it('adds the rarity bonus and the captain’s x1.5, in tenths', () => {
    expect(cardPointsTenths(10, 'Common', false)).toBe(100);
    expect(cardPointsTenths(10, 'Rare', false)).toBe(105);
    expect(cardPointsTenths(10, 'Epic', true)).toBe(165);
    expect(cardPointsTenths(10, 'Legendary', false)).toBe(120);
    expect(cardPointsTenths(10, 'Ultra Legendary', true)).toBe(195);
    expect(cardPointsTenths(-2, 'Common', true)).toBe(-30);
    expect(formatPoints(165)).toBe('16.5');
    expect(formatPoints(-30)).toBe('-3');
  });

  it('rewards every entry, the top 10% and the top 1% (at least the best one each)', () => {
    expect(matchdayReward(1, 1)).toBe(100 + 1_000 + 5_000);
    expect(matchdayReward(2, 5)).toBe(100);
    expect(matchdayReward(10, 100)).toBe(1_100);
    expect(matchdayReward(11, 100)).toBe(100);
    expect(matchdayReward(2, 200)).toBe(6_100);
    expect(matchdayReward(3, 200)).toBe(1_100);
  });
});

describe('lineups', () => {
  it('takes five distinct cards with the captain among them', () => {
    expect(checkLineupRequest([1, 2, 3, 4, 5], 3)).toEqual([1, 2, 3, 4, 5]);
    expect(() => checkLineupRequest([1, 2, 3, 4], 1)).toThrow('A lineup has 5 cards');
    expect(() => checkLineupRequest([1, 2, 3, 4, 4], 1)).toThrow('A card can be fielded only once');
    expect(() => checkLineupRequest([1, 2, 3, 4, 5], 6)).toThrow('The captain must be one of');
  });

  it('needs one goalkeeper, a defender, a midfielder and a forward', () => {
    expect(() =>
      checkLineupShape(['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Forward']),
    ).not.toThrow();
    expect(() => checkLineupShape(['Goalkeeper', 'Goalkeeper', 'Defender', 'Midfielder', 'Forward'])).toThrow(
      'exactly one goalkeeper',
    );
    expect(() =>
      checkLineupShape(['Goalkeeper', 'Defender', 'Defender', 'Midfielder', 'Midfielder']),
    ).toThrow('needs a forward');
  });

  it('knows a repeat of the same cards and captain', () => {
    expect(
      sameLineup({ cardIds: [1, 2, 3], captainCardId: 2 }, { cardIds: [3, 1, 2], captainCardId: 2 }),
    ).toBe(true);
    expect(
      sameLineup({ cardIds: [1, 2, 3], captainCardId: 2 }, { cardIds: [3, 1, 2], captainCardId: 1 }),
    ).toBe(false);
  });
});

describe('the schedule', () => {
  const schedule: Schedule = {
    anchor: new Date('2026-01-01T23:00:00Z'),
    cycleMs: 86_400_000,
    resultsDelayMs: 7_200_000,
  };

  it('has one matchday open at a time, locking at the next kickoff', () => {
    const w = openWindow(schedule, new Date('2026-11-29T18:00:00Z'));
    expect(w.locksAt.toISOString()).toBe('2026-11-29T23:00:00.000Z');
    expect(w.opensAt.toISOString()).toBe('2026-11-28T23:00:00.000Z');
    expect(w.resultsAt.toISOString()).toBe('2026-11-30T01:00:00.000Z');
    // At the kickoff itself the next matchday is the open one.
    expect(openWindow(schedule, new Date('2026-11-29T23:00:00Z')).round).toBe(w.round + 1);
    expect(windowOfRound(schedule, w.round)).toEqual(w);
  });
});

describe('the simulated match model', () => {
  it('plays 15 fixtures a round, every team once', () => {
    for (const round of [0, 1, 7, 28, 29, 100]) {
      const fixtures = fixturesOf(
        Array.from({ length: 30 }, (_, i) => i + 1),
        round,
      );
      expect(fixtures).toHaveLength(15);
      expect(new Set(fixtures.flatMap((f) => [f.home, f.away])).size).toBe(30);
    }
    // A round robin: 29 rounds, no pairing twice.
    const pairs = new Set<string>();
    for (let round = 0; round < 29; round++)
      for (const f of fixturesOf(
        Array.from({ length: 30 }, (_, i) => i + 1),
        round,
      ))
        pairs.add([f.home, f.away].sort((a, b) => a - b).join('-'));
    expect(pairs.size).toBe(29 * 15);
  });

  it('gives the same results for the same key and round, other results for another key or round', () => {
    const a = roundOf('secret-a', 5);
    expect(roundOf('secret-a', 5)).toEqual(a);
    expect(roundOf('secret-b', 5).fixtures).not.toEqual(a.fixtures);
    expect(roundOf('secret-a', 6).fixtures).not.toEqual(a.fixtures);
  });

  it('keeps each match consistent: goals scored by players on the pitch, clean sheets only without a goal conceded', () => {
    const { fixtures, players } = roundOf('consistency', 3);
    expect(players).toHaveLength(600);
    for (const f of fixtures) {
      const goals = (team: number) =>
        players.filter((p) => p.teamId === team).reduce((s, p) => s + p.goals, 0);
      expect(goals(f.home)).toBe(f.homeGoals);
      expect(goals(f.away)).toBe(f.awayGoals);
      const eleven = players.filter((p) => p.teamId === f.home && p.minutes > 0);
      expect(eleven.length).toBeGreaterThanOrEqual(11);
      expect(eleven.filter((p) => p.position === 'Goalkeeper')).toHaveLength(1);
    }
    for (const p of players) {
      if (p.minutes === 0) expect(p.goals + p.assists + p.points).toBe(0);
      if (p.cleanSheet) expect(p.goalsConceded).toBe(0);
      expect(p.minutes).toBeLessThanOrEqual(90);
    }
  });

  it('lets better-rated teams win more often over a season', () => {
    const players = league();
    const strength = new Map<number, number>();
    for (const p of players) strength.set(p.teamId, (strength.get(p.teamId) ?? 0) + p.rating);
    let strongerWins = 0;
    let weakerWins = 0;
    for (let round = 0; round < 29; round++)
      for (const f of roundOf('season', round, players).fixtures) {
        if (f.homeGoals === f.awayGoals) continue;
        const winner = f.homeGoals > f.awayGoals ? f.home : f.away;
        const loser = winner === f.home ? f.away : f.home;
        if (strength.get(winner)! > strength.get(loser)!) strongerWins++;
        else weakerWins++;
      }
    expect(strongerWins).toBeGreaterThan(weakerWins);
  });
});

describe('scoring a matchday', () => {
  const results = new Map<number, PlayerPoints>([
    [1, { ...played({ goals: 1 }), points: 6 }],
    [2, { ...played({}), points: 2 }],
  ]);
  const at = (iso: string) => new Date(iso);

  it('sums the cards’ points, ranks by points then the earlier lineup, and rewards by rank', () => {
    const scored = scoreMatchday(
      [
        {
          userId: 10,
          updatedAt: at('2026-11-29T10:00:00Z'),
          cards: [{ cardId: 100, playerId: 2, rarity: 'Common', captain: true }],
        },
        {
          userId: 11,
          updatedAt: at('2026-11-29T11:00:00Z'),
          cards: [
            { cardId: 101, playerId: 1, rarity: 'Epic', captain: false },
            { cardId: 102, playerId: 99, rarity: 'Rare', captain: true },
          ],
        },
        {
          userId: 12,
          updatedAt: at('2026-11-29T09:00:00Z'),
          cards: [{ cardId: 103, playerId: 2, rarity: 'Common', captain: true }],
        },
      ],
      results,
    );
    expect(scored.map((s) => [s.userId, s.points, s.rank, s.reward])).toEqual([
      [11, 66, 1, 6_100],
      [12, 30, 2, 100],
      [10, 30, 3, 100],
    ]);
    expect(scored[0]!.cards).toEqual([
      { cardId: 101, points: 66 },
      { cardId: 102, points: 0 },
    ]);
  });
});
