import type { UseCases } from '@touchline/kit';
import type { MissionsHandlers } from '@touchline/protos/gen/touchline/missions/Missions';
import { getUserBadges, listBadges } from './use-cases/badges';
import { claimMission } from './use-cases/claim';
import type { MissionsDeps } from './use-cases/deps';
import { listCompletedMissions, listMissions } from './use-cases/list-missions';

/** Maps each Missions RPC onto its use case. */
export function missionsUseCases(deps: MissionsDeps): UseCases<MissionsHandlers> {
  return {
    ListMissions: (req) => listMissions(deps, req.userId),
    ListCompletedMissions: (req) => listCompletedMissions(deps, req.userId),
    ClaimMission: (req) => claimMission(deps, req),
    GetUserBadges: (req) => getUserBadges(deps, req.userId),
    ListBadges: (req) => listBadges(deps, req.userId),
  };
}
