import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { AdminHandlers } from '@touchline/protos/gen/touchline/admin/Admin';
import { migrations } from './db/migrations';
import { adminUseCases } from './server';

/** admin: admin use cases over the other services and the audit log of admin actions. */
export const adminService: ServiceModule<unknown, AdminHandlers> = {
  name: 'admin',
  schema: 'admin',
  grpcServiceName: SERVICES['admin'].serviceName,
  definition: () => SERVICES['admin'].definition(),
  migrations,
  peers: ['identity', 'cards-market', 'wallet-payments', 'leaderboard'],
  create: () => ({ useCases: adminUseCases() }),
};
