import { notFound } from '@touchline/kit';
import type { GetMatchdayResponse } from '@touchline/protos/gen/touchline/matchday/GetMatchdayResponse';
import type { Lineup } from '@touchline/protos/gen/touchline/matchday/Lineup';
import { findLineup, lineupCards } from '../db/lineups';
import {
  countLineups,
  ensureMatchday,
  findMatchday,
  latestKickedOff,
  type MatchdayRow,
} from '../db/matchdays';
import { resultsOf, type PlayerResultRow } from '../db/results';
import type { Db } from '../db/types';
import { NO_MATCHDAY } from '../domain/lineup';
import { openWindow } from '../domain/schedule';
import { lineupMessage, matchdayMessage } from '../mappers';
import type { MatchdayDeps } from './deps';

/** The matchday taking lineups now, made when its window begins (the first caller or the sweeper). */
export function openMatchday(deps: MatchdayDeps): Promise<MatchdayRow> {
  return ensureMatchday(deps.db, openWindow(deps.schedule, deps.clock.now()));
}

/** The user's lineup of a matchday, with its players' results once they are in. */
export async function readLineup(db: Db, matchday: MatchdayRow, userId: number): Promise<Lineup | null> {
  const row = await findLineup(db, matchday.id, userId);
  if (!row) return null;
  const cards = await lineupCards(db, matchday.id, userId);
  const results =
    matchday.state === 'scored'
      ? await resultsOf(
          db,
          [matchday.id],
          cards.map((c) => c.player_id),
        )
      : [];
  return lineupMessage(row, cards, new Map<number, PlayerResultRow>(results.map((r) => [r.player_id, r])));
}

/** GetMatchday: the open matchday (or the one asked for) and the user's lineup in it. */
export async function getMatchday(
  deps: MatchdayDeps,
  request: { userId: number; matchdayId: number },
): Promise<GetMatchdayResponse> {
  const matchday =
    Number(request.matchdayId) > 0
      ? await findMatchday(deps.db, Number(request.matchdayId))
      : await openMatchday(deps);
  if (!matchday) throw notFound(NO_MATCHDAY);
  const userId = Number(request.userId);
  const entries = matchday.state === 'open' ? await countLineups(deps.db, matchday.id) : matchday.entries;
  const previous =
    Number(request.matchdayId) > 0 ? undefined : await latestKickedOff(deps.db, deps.clock.now());
  return {
    matchday: matchdayMessage(matchday, entries),
    lineup: userId > 0 ? await readLineup(deps.db, matchday, userId) : null,
    now: deps.clock.now().toISOString(),
    previous: previous
      ? matchdayMessage(
          previous,
          previous.state === 'open' ? await countLineups(deps.db, previous.id) : undefined,
        )
      : null,
    previousLineup: previous && userId > 0 ? await readLineup(deps.db, previous, userId) : null,
  };
}
