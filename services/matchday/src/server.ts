import type { UseCases } from '@touchline/kit';
import type { MatchdayHandlers } from '@touchline/protos/gen/touchline/matchday/Matchday';
import type { MatchdayDeps } from './use-cases/deps';
import { importResults, listMatchdays } from './use-cases/import-results';
import { getMatchday } from './use-cases/read';
import { setLineup } from './use-cases/set-lineup';
import { getStandings, listLineupHistory } from './use-cases/standings';

/** Maps each Matchday RPC onto its use case; `resultsImported` hears of each upload whose results are due. */
export function matchdayUseCases(
  deps: MatchdayDeps,
  hooks: { resultsImported(): void } = { resultsImported: () => undefined },
): UseCases<MatchdayHandlers> {
  return {
    GetMatchday: (req) =>
      getMatchday(deps, { userId: Number(req.userId), matchdayId: Number(req.matchdayId) }),
    SetLineup: (req) => setLineup(deps, req),
    GetStandings: (req) => getStandings(deps, req),
    ListLineupHistory: (req) => listLineupHistory(deps, req),
    ImportResults: async (req) => {
      const answer = await importResults(deps, req);
      const resultsAt = answer.matchday?.resultsAt;
      if (resultsAt && new Date(resultsAt) <= deps.clock.now()) hooks.resultsImported();
      return answer;
    },
    ListMatchdays: (req) => listMatchdays(deps, req.limit),
  };
}
