import { intervalJob, type ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { AdminHandlers } from '@touchline/protos/gen/touchline/admin/Admin';
import { adminConsumers } from './consumers';
import { migrations } from './db/migrations';
import { createPeers, PEERS } from './peers';
import { adminUseCases } from './server';
import { reviewQueuedUsers } from './use-cases/fraud-hold';

/** How often the fraud reviewer looks at the users whose exchanges changed. */
const FRAUD_REVIEW_INTERVAL_MS = 1_000;

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
    const deps = { db, clock, logger, ...clients };
    return {
      useCases: adminUseCases(deps),
      consumers: adminConsumers(),
      // Soon after a ring's trade is consumed its receiver is held (docs/design.md#6-security).
      jobs: [
        intervalJob('fraud-hold-reviewer', FRAUD_REVIEW_INTERVAL_MS, () => reviewQueuedUsers(deps), logger, {
          runAtStart: true,
        }),
      ],
      close: async () => clients.close(),
    };
  },
};
