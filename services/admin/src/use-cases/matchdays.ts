import type { ImportResultsResponse } from '@touchline/protos/gen/touchline/matchday/ImportResultsResponse';
import type { ListMatchdaysResponse } from '@touchline/protos/gen/touchline/matchday/ListMatchdaysResponse';
import { audited } from './audited';
import type { AdminDeps } from './deps';
import { requireAdmin, requireKey } from './require-admin';

/** The latest matchdays, their uploaded results and the feed in use, for the results import screen. */
export async function listMatchdays(deps: AdminDeps, userId: number): Promise<ListMatchdaysResponse> {
  await requireAdmin(deps, userId);
  return deps.matchday.ListMatchdays({ limit: 20 });
}

/**
 * A matchday's results file, imported by matchday (which checks every line and refuses the whole
 * file on any error, or a scored matchday), between the audit entry's two writes: who uploaded what
 * to which matchday, and the revision it made or the refusal the admin saw.
 */
export async function importMatchResults(
  deps: AdminDeps,
  request: { userId: number; matchdayId: number; format: string; content: string; idempotencyKey: string },
): Promise<ImportResultsResponse> {
  await requireAdmin(deps, request.userId);
  const key = requireKey(request.idempotencyKey);
  return audited(
    deps,
    {
      actorUserId: request.userId,
      action: 'matchday.results_import',
      targetType: 'matchday',
      targetId: String(request.matchdayId),
      key,
      request: {
        format: request.format,
        bytes: Buffer.byteLength(request.content),
        lines: request.content.split('\n').length,
      },
      before: {},
    },
    () =>
      deps.matchday.ImportResults({
        matchdayId: request.matchdayId,
        format: request.format,
        content: request.content,
        actorUserId: request.userId,
        idempotencyKey: key,
      }),
    (result) => ({
      state: result.matchday?.state,
      revision: result.resultsImport?.revision,
      players: result.resultsImport?.players,
      replaced: result.replaced,
    }),
  );
}
