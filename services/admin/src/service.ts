import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { AdminHandlers } from '@touchline/protos/gen/touchline/admin/Admin';
import { adminConsumers } from './consumers';
import { migrations } from './db/migrations';
import { fraudReviewer } from './jobs';
import { createPeers, PEERS } from './peers';
import { adminUseCases } from './server';
import { signUpTimesCache } from './use-cases/fraud';

/** admin: admin use cases over the other services, the audit log of admin actions, fraud flags. */
export const adminService: ServiceModule<unknown, AdminHandlers> = {
  name: 'admin',
  schema: 'admin',
  grpcServiceName: SERVICES['admin'].serviceName,
  definition: () => SERVICES['admin'].definition(),
  migrations,
  peers: Object.values(PEERS),
  create: ({ db, clock, logger, peers }) => {
    const clients = createPeers(peers);
    const deps = { db, clock, logger, signUpTimes: signUpTimesCache(), ...clients };
    const reviewer = fraudReviewer(deps);
    return {
      useCases: adminUseCases(deps),
      consumers: adminConsumers(() => reviewer.wake()),
      jobs: [reviewer],
      close: async () => clients.close(),
    };
  },
};
