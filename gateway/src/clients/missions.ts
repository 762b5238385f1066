import { createPromiseClient, type ClientOptions } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { MissionsDefinition } from '@touchline/protos/gen/touchline/missions/Missions';

export function createMissionsClient(address: string, options: ClientOptions) {
  return createPromiseClient<MissionsDefinition>(SERVICES.missions.definition(), address, options);
}
export type MissionsClient = ReturnType<typeof createMissionsClient>;
