import { api, type MatchResultsImported } from '@touchline/contract';
import type { ResultsImport__Output } from '@touchline/protos/gen/touchline/matchday/ResultsImport';
import type { Clients } from '../clients';
import { ContractRouter } from '../http/contract-router';
import { matchdayJson } from './matchday';

function resultsImportJson(r: ResultsImport__Output): MatchResultsImported['resultsImport'] {
  return {
    revision: r.revision,
    format: r.format as 'csv' | 'json',
    players: r.players,
    importedBy: r.importedBy,
    importedAt: r.importedAt,
  };
}

/**
 * Matchday administration: the latest matchdays and a matchday's results file. The admin service
 * checks the caller is an admin and writes the audit line; matchday checks the file.
 */
export function adminMatchdayRoutes(clients: Clients) {
  const { admin } = clients;
  return new ContractRouter()
    .add(api.admin.matchdays, async ({ userId }) => {
      const { feed, matchdays } = await admin.ListMatchdays({ userId });
      return {
        status: 200,
        body: {
          feed: feed === 'import' ? 'import' : 'simulated',
          matchdays: matchdays.map((m) => ({
            matchday: matchdayJson(m.matchday!),
            resultsImport: m.resultsImport ? resultsImportJson(m.resultsImport) : null,
          })),
        },
      };
    })
    .add(api.admin.importMatchResults, async ({ userId, params, body, idempotencyKey }) => {
      const imported = await admin.ImportMatchResults({
        userId,
        matchdayId: params.matchdayId,
        format: body.format,
        content: body.content,
        idempotencyKey,
      });
      return {
        status: 200,
        body: {
          matchday: matchdayJson(imported.matchday!),
          resultsImport: resultsImportJson(imported.resultsImport!),
          replaced: imported.replaced,
        },
      };
    }).router;
}
