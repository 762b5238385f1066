/**
 * The matchday schedule: matchday k locks (kicks off) at anchor + k × cycle and opens when the one
 * before it locks, so exactly one matchday takes lineups at any time. Its results come in
 * resultsDelay after the kickoff.
 */
export interface Schedule {
  /** Any kickoff; the others are whole cycles before and after it. */
  anchor: Date;
  cycleMs: number;
  resultsDelayMs: number;
}

export interface MatchdayWindow {
  /** k above: also the round of fixtures played. */
  round: number;
  opensAt: Date;
  locksAt: Date;
  resultsAt: Date;
}

export function windowOfRound(schedule: Schedule, round: number): MatchdayWindow {
  const locks = schedule.anchor.getTime() + round * schedule.cycleMs;
  return {
    round,
    opensAt: new Date(locks - schedule.cycleMs),
    locksAt: new Date(locks),
    resultsAt: new Date(locks + schedule.resultsDelayMs),
  };
}

/** The matchday taking lineups at `now`: the first whose kickoff is after it. */
export function openWindow(schedule: Schedule, now: Date): MatchdayWindow {
  const round = Math.floor((now.getTime() - schedule.anchor.getTime()) / schedule.cycleMs) + 1;
  return windowOfRound(schedule, round);
}

/** The results delay when configuration leaves it out: a fifth of the cycle, at most two hours. */
export function defaultResultsDelay(cycleMs: number): number {
  return Math.min(2 * 3_600_000, Math.floor(cycleMs / 5));
}
