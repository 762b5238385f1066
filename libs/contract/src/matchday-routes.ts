import { defineRoute } from './route';
import { ErrorBody } from './schemas/common';
import {
  HistoryPage,
  HistoryQuery,
  LineupBody,
  LineupSaved,
  MatchdayIdParams,
  MatchdayQuery,
  MatchdayView,
  Standings,
} from './schemas/matchday';

const error = ErrorBody;

/** Matchdays: lineups of the player's cards, scored from match results (docs/features.md, "Matchdays"). */
export const matchday = {
  current: defineRoute({
    method: 'get',
    path: '/api/matchday',
    summary:
      "The matchday open for lineups (or the one `id` names), the user's lineup in it and the server's time",
    auth: 'session',
    query: MatchdayQuery,
    responses: { 200: MatchdayView, 404: error },
  }),
  history: defineRoute({
    method: 'get',
    path: '/api/matchday/history',
    summary: "The user's lineups with their points, rank and reward, newest matchday first",
    auth: 'session',
    query: HistoryQuery,
    responses: { 200: HistoryPage },
  }),
  standings: defineRoute({
    method: 'get',
    path: '/api/matchday/standings',
    summary: "The latest scored matchday's (or the one `id` names) best lineups, and the user's own place",
    auth: 'session',
    query: MatchdayQuery,
    responses: { 200: Standings, 404: error },
  }),
  setLineup: defineRoute({
    method: 'put',
    path: '/api/matchday/:id/lineup',
    summary:
      'Field (or change) the lineup of the open matchday: five own cards (GK, DEF, MID, FWD and one more outfield player) and a captain',
    auth: 'session',
    params: MatchdayIdParams,
    body: LineupBody,
    idempotent: true,
    responses: { 200: LineupSaved, 403: error, 404: error, 409: error, 422: error },
  }),
} as const;
