import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { MissionsHandlers } from '@touchline/protos/gen/touchline/missions/Missions';
import { migrations } from './db/migrations';
import { missionsUseCases } from './server';

/** missions: daily and weekly missions, progress from events, reward claims. */
export const missionsService: ServiceModule<unknown, MissionsHandlers> = {
  name: 'missions',
  schema: 'missions',
  grpcServiceName: SERVICES['missions'].serviceName,
  definition: () => SERVICES['missions'].definition(),
  migrations,
  peers: ['wallet-payments'],
  create: () => ({ useCases: missionsUseCases() }),
};
