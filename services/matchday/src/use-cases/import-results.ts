import { businessRule, conflict, inTransaction, invalid, notFound } from '@touchline/kit';
import type { ImportResultsRequest__Output } from '@touchline/protos/gen/touchline/matchday/ImportResultsRequest';
import type { ImportResultsResponse } from '@touchline/protos/gen/touchline/matchday/ImportResultsResponse';
import type { ListMatchdaysResponse } from '@touchline/protos/gen/touchline/matchday/ListMatchdaysResponse';
import { findImport, findImportKey, importsOf, recordImportKey, replaceImport } from '../db/imports';
import { countLineups, findMatchday, recentMatchdays } from '../db/matchdays';
import { NO_MATCHDAY } from '../domain/lineup';
import { parseResultsFile, type LineError, type ResultsFormat } from '../domain/results-file';
import { importMessage, matchdayMessage } from '../mappers';
import type { MatchdayDeps } from './deps';

/** At most this many line errors travel back (in the error's details); the message counts them all. */
const ERRORS_SHOWN = 25;

export const NOT_IMPORT_FEED =
  'Results come from the simulated match feed on this server (MATCH_FEED=simulated): files cannot be imported';

/** The admin's file as a refusal that names every line in error (up to ERRORS_SHOWN of them). */
function lineErrorsRefusal(errors: readonly LineError[]) {
  const shown = errors
    .slice(0, ERRORS_SHOWN)
    .map((e) => ({ line: e.line, message: e.message.slice(0, 160) }));
  const first = shown
    .slice(0, 3)
    .map((e) => `line ${e.line}: ${e.message}`)
    .join('; ');
  const count = errors.length === 1 ? '1 line has an error' : `${errors.length} lines have errors`;
  return businessRule(`The file was not imported: ${count} (${first}${errors.length > 3 ? '; …' : ''})`, {
    lineErrors: shown,
    errorCount: errors.length,
  });
}

/**
 * ImportResults: a matchday's results from an admin's file, for the import feed. The whole file is
 * checked against the catalog first and nothing is stored on any error. Under the matchday's row
 * lock (which scoring takes too) it must have kicked off and not be scored; the upload then
 * replaces any earlier one. A key answers the upload it made, whatever came after.
 */
export async function importResults(
  deps: MatchdayDeps,
  request: ImportResultsRequest__Output,
): Promise<ImportResultsResponse> {
  if (!request.idempotencyKey) throw invalid('idempotency_key is required');
  const matchdayId = Number(request.matchdayId);
  const repeat = await answerOfKey(deps, request.idempotencyKey, matchdayId);
  if (repeat) return repeat;
  if (deps.config.MATCH_FEED !== 'import') throw conflict(NOT_IMPORT_FEED);
  if (request.format !== 'csv' && request.format !== 'json') throw invalid('format must be csv or json');
  const roster = new Map((await deps.roster()).map((p) => [p.id, p]));
  const parsed = parseResultsFile(request.format as ResultsFormat, request.content, roster);
  if (parsed.errors.length > 0) throw lineErrorsRefusal(parsed.errors);
  return inTransaction(deps.db, async (trx) => {
    const matchday = await findMatchday(trx, matchdayId, 'update');
    if (!matchday) throw notFound(NO_MATCHDAY);
    if (matchday.state === 'scored')
      throw conflict(`Matchday ${matchday.id} is already scored: its results can no longer be replaced`);
    if (matchday.state === 'open')
      throw conflict(
        `Matchday ${matchday.id} kicks off at ${matchday.locks_at.toISOString()}: its results can be imported after kickoff`,
      );
    const earlier = await findImport(trx, matchday.id);
    const upload = await replaceImport(
      trx,
      {
        matchday_id: matchday.id,
        format: request.format,
        players: parsed.players.length,
        imported_by: Number(request.actorUserId),
        idempotency_key: request.idempotencyKey,
        imported_at: deps.clock.now(),
      },
      parsed.players,
    );
    await recordImportKey(trx, upload, earlier !== undefined);
    return { matchday: matchdayMessage(matchday), resultsImport: importMessage(upload), replaced: !!earlier };
  });
}

/** The answer of the upload the key made, as it was made (a later upload may have replaced it). */
async function answerOfKey(
  deps: MatchdayDeps,
  key: string,
  matchdayId: number,
): Promise<ImportResultsResponse | undefined> {
  const made = await findImportKey(deps.db, key);
  if (!made) return undefined;
  if (made.matchday_id !== matchdayId) throw conflict('Idempotency key was used for another matchday');
  const matchday = await findMatchday(deps.db, matchdayId);
  return {
    matchday: matchday ? matchdayMessage(matchday) : null,
    resultsImport: importMessage(made),
    replaced: made.replaced,
  };
}

/** ListMatchdays: the latest matchdays (newest kickoff first) with their uploads, and the feed in use. */
export async function listMatchdays(deps: MatchdayDeps, limit: number): Promise<ListMatchdaysResponse> {
  const size = limit > 0 ? Math.min(limit, 100) : 20;
  const matchdays = await recentMatchdays(deps.db, size);
  const uploads = new Map(
    (
      await importsOf(
        deps.db,
        matchdays.map((m) => m.id),
      )
    ).map((u) => [u.matchday_id, u]),
  );
  return {
    feed: deps.config.MATCH_FEED,
    matchdays: await Promise.all(
      matchdays.map(async (m) => {
        const upload = uploads.get(m.id);
        return {
          matchday: matchdayMessage(m, m.state === 'open' ? await countLineups(deps.db, m.id) : undefined),
          resultsImport: upload ? importMessage(upload) : null,
        };
      }),
    ),
  };
}
