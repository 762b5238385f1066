import type { UseCases } from '@touchline/kit';
import type { MissionsHandlers } from '@touchline/protos/gen/touchline/missions/Missions';

/**
 * Maps each Missions RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function missionsUseCases(): UseCases<MissionsHandlers> {
  return {};
}
