import { defineRoute } from './route';
import {
  AdminMatchdays,
  MatchdayResultsParams,
  MatchResultsBody,
  MatchResultsImported,
  MAX_RESULTS_FILE_CHARS,
  ResultsFileErrors,
} from './schemas/admin-matchdays';
import { ErrorBody } from './schemas/common';

const error = ErrorBody;

/** Matchday administration (docs/design.md#9-matchdays): admins only, checked by the admin service. */
export const adminMatchdays = {
  matchdays: defineRoute({
    method: 'get',
    path: '/api/admin/matchdays',
    summary: 'The latest matchdays with their uploaded results, and the match feed in use',
    auth: 'session',
    responses: { 200: AdminMatchdays, 403: error },
  }),
  importMatchResults: defineRoute({
    method: 'put',
    path: '/api/admin/matchdays/:matchdayId/results',
    summary:
      'Import a matchday’s results from a CSV or JSON file (docs/match-results-format.md) for the import feed: any line in error refuses the whole file (422 naming each line); a re-upload before scoring replaces the earlier one; a scored matchday refuses it (409)',
    auth: 'session',
    params: MatchdayResultsParams,
    body: MatchResultsBody,
    idempotent: true,
    // The file's text as JSON, with room for escapes.
    bodyLimit: 2 * MAX_RESULTS_FILE_CHARS,
    responses: { 200: MatchResultsImported, 403: error, 404: error, 409: error, 422: ResultsFileErrors },
  }),
};
