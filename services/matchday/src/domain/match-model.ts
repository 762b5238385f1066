import { matchPoints, type MatchStats, type PitchPosition } from '@touchline/rules';
import type { Draw } from './feed-draw';

/**
 * The simulated match feed's model: 30 teams play 15 fixtures a round; each team's strength comes
 * from its players' ratings, goals are Poisson draws around a base rate moved by the strength gap,
 * and the scorers, assisters, saves, minutes and cards are drawn per player. Pure: the random
 * streams come from the caller (feed-draw.ts), so a key and a round give the same results.
 */

export interface FeedPlayer {
  id: number;
  teamId: number;
  position: PitchPosition;
  /** 40 to 99. */
  rating: number;
}

export interface Fixture {
  home: number;
  away: number;
}

export interface FixtureResult extends Fixture {
  homeGoals: number;
  awayGoals: number;
}

export interface PlayerMatch extends MatchStats {
  playerId: number;
  teamId: number;
  position: PitchPosition;
  /** Whole points by the points table (libs/rules). */
  points: number;
}

export interface RoundResults {
  fixtures: FixtureResult[];
  /** Every player of the round's teams, those who did not play with 0 minutes. */
  players: PlayerMatch[];
}

/** A rating from the player's base price: its place among all players' prices, 40 (cheapest) to 99. */
export function ratingsFromPrices(
  players: readonly { id: number; teamId: number; position: PitchPosition; basePrice: number }[],
): FeedPlayer[] {
  const sorted = [...players].sort((a, b) => a.basePrice - b.basePrice || a.id - b.id);
  const last = Math.max(1, sorted.length - 1);
  const place = new Map(sorted.map((p, i) => [p.id, i / last]));
  return players.map((p) => ({
    id: p.id,
    teamId: p.teamId,
    position: p.position,
    rating: Math.round(40 + 59 * (place.get(p.id) ?? 0)),
  }));
}

/** Round `round` of a round robin (the circle method): every team plays once; home and away alternate. */
export function fixturesOf(teamIds: readonly number[], round: number): Fixture[] {
  const teams = [...teamIds].sort((a, b) => a - b);
  if (teams.length % 2 === 1) teams.push(-1);
  const n = teams.length;
  if (n < 2) return [];
  const r = ((round % (n - 1)) + (n - 1)) % (n - 1);
  const rest = teams.slice(1);
  const rotated = rest.map((_, i) => rest[(i + r) % rest.length]!);
  const circle = [teams[0]!, ...rotated];
  const fixtures: Fixture[] = [];
  for (let i = 0; i < n / 2; i++) {
    const a = circle[i]!;
    const b = circle[n - 1 - i]!;
    if (a < 0 || b < 0) continue;
    fixtures.push((round + i) % 2 === 0 ? { home: a, away: b } : { home: b, away: a });
  }
  return fixtures;
}

function poisson(lambda: number, draw: Draw): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = draw();
  while (p > limit && k < 10) {
    k++;
    p *= draw();
  }
  return k;
}

function pickWeighted<T>(items: readonly T[], weight: (t: T) => number, draw: Draw): T | undefined {
  const total = items.reduce((sum, t) => sum + Math.max(0, weight(t)), 0);
  if (total <= 0) return undefined;
  let at = draw() * total;
  for (const t of items) {
    at -= Math.max(0, weight(t));
    if (at < 0) return t;
  }
  return items[items.length - 1];
}

/** Who starts: the best goalkeeper, four defenders, four midfielders and two forwards, by rating. */
const FORMATION: Record<PitchPosition, number> = { Goalkeeper: 1, Defender: 4, Midfielder: 4, Forward: 2 };

function bestOf(squad: readonly FeedPlayer[], position: PitchPosition, count: number, draw: Draw) {
  // A little form each round, so the same eleven do not start every week.
  return squad
    .filter((p) => p.position === position)
    .map((p) => ({ p, form: p.rating + draw() * 12 }))
    .sort((a, b) => b.form - a.form || a.p.id - b.p.id)
    .slice(0, count)
    .map((x) => x.p);
}

interface OnPitch {
  player: FeedPlayer;
  from: number;
  to: number;
}

function teamSheet(squad: readonly FeedPlayer[], draw: Draw): OnPitch[] {
  const starters = (Object.keys(FORMATION) as PitchPosition[]).flatMap((pos) =>
    bestOf(squad, pos, FORMATION[pos], draw),
  );
  const sheet: OnPitch[] = starters.map((player) => ({ player, from: 0, to: 90 }));
  const bench = squad
    .filter((p) => !starters.includes(p) && p.position !== 'Goalkeeper')
    .sort((a, b) => b.rating - a.rating || a.id - b.id)
    .slice(0, 5);
  // Three substitutions of outfield starters, each between the 55th and the 85th minute.
  const outfield = sheet.filter((s) => s.player.position !== 'Goalkeeper');
  for (let i = 0; i < 3 && bench.length > 0; i++) {
    const off = outfield[Math.floor(draw() * outfield.length)];
    if (!off || off.to < 90) continue;
    const on = bench.splice(Math.floor(draw() * bench.length), 1)[0]!;
    const minute = 55 + Math.floor(draw() * 31);
    off.to = minute;
    sheet.push({ player: on, from: minute, to: 90 });
  }
  return sheet;
}

function strength(squad: readonly FeedPlayer[]): number {
  const top = [...squad].sort((a, b) => b.rating - a.rating).slice(0, 11);
  return top.length === 0 ? 40 : top.reduce((s, p) => s + p.rating, 0) / top.length;
}

const SCORE_WEIGHT: Record<PitchPosition, number> = { Goalkeeper: 0, Defender: 1, Midfielder: 3, Forward: 6 };
const ASSIST_WEIGHT: Record<PitchPosition, number> = {
  Goalkeeper: 0.1,
  Defender: 1.5,
  Midfielder: 4,
  Forward: 3,
};

/** One fixture: the score and every listed player's match. */
export function simulateFixture(
  fixture: Fixture,
  home: readonly FeedPlayer[],
  away: readonly FeedPlayer[],
  draw: Draw,
): { result: FixtureResult; players: PlayerMatch[] } {
  const gap = (strength(home) - strength(away)) / 12;
  const homeGoals = poisson(1.45 * Math.exp(gap / 2) + 0.1, draw);
  const awayGoals = poisson(1.2 * Math.exp(-gap / 2), draw);
  const sides = [
    { teamId: fixture.home, squad: home, scored: homeGoals, conceded: awayGoals },
    { teamId: fixture.away, squad: away, scored: awayGoals, conceded: homeGoals },
  ];
  const players: PlayerMatch[] = [];
  for (const side of sides) {
    const sheet = teamSheet(side.squad, draw);
    const stats = new Map<number, PlayerMatch>(
      side.squad.map((p) => [
        p.id,
        {
          playerId: p.id,
          teamId: side.teamId,
          position: p.position,
          minutes: 0,
          goals: 0,
          assists: 0,
          saves: 0,
          cleanSheet: false,
          goalsConceded: 0,
          yellowCards: 0,
          redCards: 0,
          points: 0,
        },
      ]),
    );
    // When the goals come, each one scored by someone on the pitch then.
    const goalMinutes = (n: number) => Array.from({ length: n }, () => 1 + Math.floor(draw() * 90));
    for (const minute of goalMinutes(side.scored)) {
      const on = sheet.filter((s) => s.from < minute && minute <= s.to);
      const scorer = pickWeighted(on, (s) => SCORE_WEIGHT[s.player.position] * s.player.rating, draw);
      if (!scorer) continue;
      stats.get(scorer.player.id)!.goals++;
      if (draw() < 0.75) {
        const others = on.filter((s) => s !== scorer);
        const assister = pickWeighted(
          others,
          (s) => ASSIST_WEIGHT[s.player.position] * s.player.rating,
          draw,
        );
        if (assister) stats.get(assister.player.id)!.assists++;
      }
    }
    const concededAt = goalMinutes(side.conceded);
    for (const s of sheet) {
      const line = stats.get(s.player.id)!;
      line.minutes = s.to - s.from;
      line.goalsConceded = concededAt.filter((m) => s.from < m && m <= s.to).length;
      line.cleanSheet = line.goalsConceded === 0 && line.minutes >= 60;
      // A keeper facing the stronger side has more to save.
      const pressure = side.teamId === fixture.home ? -gap : gap;
      if (s.player.position === 'Goalkeeper') line.saves = poisson(Math.max(0.5, 2.5 + pressure), draw);
      const booking = draw();
      if (booking < 0.012) line.redCards = 1;
      else if (booking < 0.14) line.yellowCards = 1;
    }
    for (const line of stats.values()) {
      line.points = matchPoints(line.position, line);
      players.push(line);
    }
  }
  return { result: { ...fixture, homeGoals, awayGoals }, players };
}

/** A whole round: every fixture of the teams that have players, each with its own random stream. */
export function simulateRound(
  round: number,
  players: readonly FeedPlayer[],
  drawFor: (fixture: Fixture) => Draw,
): RoundResults {
  const squads = new Map<number, FeedPlayer[]>();
  for (const p of [...players].sort((a, b) => a.id - b.id)) {
    const squad = squads.get(p.teamId) ?? [];
    squad.push(p);
    squads.set(p.teamId, squad);
  }
  const fixtures: FixtureResult[] = [];
  const lines: PlayerMatch[] = [];
  for (const fixture of fixturesOf([...squads.keys()], round)) {
    const played = simulateFixture(
      fixture,
      squads.get(fixture.home)!,
      squads.get(fixture.away)!,
      drawFor(fixture),
    );
    fixtures.push(played.result);
    lines.push(...played.players);
  }
  return { fixtures, players: lines };
}
