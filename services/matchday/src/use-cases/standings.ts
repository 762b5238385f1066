import { idCursors, notFound, pageSize } from '@touchline/kit';
import type { GetStandingsRequest__Output } from '@touchline/protos/gen/touchline/matchday/GetStandingsRequest';
import type { GetStandingsResponse } from '@touchline/protos/gen/touchline/matchday/GetStandingsResponse';
import type { ListLineupHistoryRequest__Output } from '@touchline/protos/gen/touchline/matchday/ListLineupHistoryRequest';
import type { ListLineupHistoryResponse } from '@touchline/protos/gen/touchline/matchday/ListLineupHistoryResponse';
import type { StandingsEntry } from '@touchline/protos/gen/touchline/matchday/StandingsEntry';
import {
  cardsOfLineups,
  countHistory,
  findLineup,
  historyPage,
  standingsPage,
  type LineupRow,
} from '../db/lineups';
import { findMatchday, latestScored, type MatchdayRow } from '../db/matchdays';
import { resultsOf } from '../db/results';
import { NO_MATCHDAY } from '../domain/lineup';
import { lineupMessage, matchdayMessage } from '../mappers';
import type { MatchdayDeps } from './deps';

// The standings page by rank (each lineup has its own), the history by matchday id.
const standingsCursor = idCursors('matchday.standings');
const historyCursor = idCursors('matchday.history');

function entryOf(row: LineupRow): StandingsEntry {
  return { rank: row.rank ?? 0, userId: row.user_id, points: row.points ?? 0, reward: row.reward ?? 0 };
}

/** GetStandings: a scored matchday's lineups by rank, a page at a time, with the caller's own. */
export async function getStandings(
  deps: MatchdayDeps,
  request: GetStandingsRequest__Output,
): Promise<GetStandingsResponse> {
  const size = pageSize(request.pageSize);
  const after = standingsCursor.decode(request.pageToken) ?? 0;
  const matchday =
    Number(request.matchdayId) > 0
      ? await findMatchday(deps.db, Number(request.matchdayId))
      : await latestScored(deps.db);
  if (Number(request.matchdayId) > 0 && !matchday) throw notFound(NO_MATCHDAY);
  if (!matchday || matchday.state !== 'scored')
    return {
      matchday: matchday ? matchdayMessage(matchday) : null,
      entries: [],
      nextPageToken: '',
      total: 0,
      mine: null,
    };
  const rows = await standingsPage(deps.db, matchday.id, after, size + 1);
  const page = rows.slice(0, size);
  const mine =
    Number(request.userId) > 0 ? await findLineup(deps.db, matchday.id, Number(request.userId)) : undefined;
  return {
    matchday: matchdayMessage(matchday),
    entries: page.map(entryOf),
    nextPageToken: rows.length > size ? standingsCursor.encode(page[page.length - 1]!.rank!) : '',
    total: matchday.entries,
    mine: mine && mine.rank !== null ? entryOf(mine) : null,
  };
}

/** ListLineupHistory: the user's lineups, newest matchday first, with their points, rank and reward. */
export async function listLineupHistory(
  deps: MatchdayDeps,
  request: ListLineupHistoryRequest__Output,
): Promise<ListLineupHistoryResponse> {
  const userId = Number(request.userId);
  const size = pageSize(request.pageSize);
  const before = historyCursor.decode(request.pageToken) ?? 2 ** 31 - 1;
  const rows = await historyPage(deps.db, userId, before, size + 1);
  const page = rows.slice(0, size);
  const ids = page.map((r) => r.matchday_id);
  const matchdays = new Map<number, MatchdayRow>();
  for (const id of ids) {
    const m = await findMatchday(deps.db, id);
    if (m) matchdays.set(id, m);
  }
  const cards = await cardsOfLineups(deps.db, userId, ids);
  const results = await resultsOf(
    deps.db,
    ids.filter((id) => matchdays.get(id)?.state === 'scored'),
    [...new Set(cards.map((c) => c.player_id))],
  );
  return {
    entries: page.map((row) => {
      const matchday = matchdays.get(row.matchday_id)!;
      return {
        matchday: matchdayMessage(matchday),
        lineup: lineupMessage(
          row,
          cards.filter((c) => c.matchday_id === row.matchday_id),
          new Map(results.filter((r) => r.matchday_id === row.matchday_id).map((r) => [r.player_id, r])),
        ),
      };
    }),
    nextPageToken: rows.length > size ? historyCursor.encode(page[page.length - 1]!.matchday_id) : '',
    total: await countHistory(deps.db, userId),
  };
}
