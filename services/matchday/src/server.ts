import type { UseCases } from '@touchline/kit';
import type { MatchdayHandlers } from '@touchline/protos/gen/touchline/matchday/Matchday';
import type { MatchdayDeps } from './use-cases/deps';
import { importResults, listMatchdays } from './use-cases/import-results';
import { getMatchday } from './use-cases/read';
import { setLineup } from './use-cases/set-lineup';
import { getStandings, listLineupHistory } from './use-cases/standings';

/** Maps each Matchday RPC onto its use case. */
export function matchdayUseCases(deps: MatchdayDeps): UseCases<MatchdayHandlers> {
  return {
    GetMatchday: (req) =>
      getMatchday(deps, { userId: Number(req.userId), matchdayId: Number(req.matchdayId) }),
    SetLineup: (req) => setLineup(deps, req),
    GetStandings: (req) => getStandings(deps, req),
    ListLineupHistory: (req) => listLineupHistory(deps, req),
    ImportResults: (req) => importResults(deps, req),
    ListMatchdays: (req) => listMatchdays(deps, req.limit),
  };
}
