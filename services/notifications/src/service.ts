import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';
import { notificationsConfigSchema, type NotificationsConfig } from './config';
import { notificationsConsumers } from './consumers';
import { migrations } from './db/migrations';
import { notificationsJobs } from './jobs';
import { createPeers, PEERS } from './peers';
import { notificationsUseCases } from './server';
import { createFeedSignals, type FeedSignals } from './signals';
import { FeedHub } from './streams/hub';
import type { NotificationsDeps } from './use-cases/deps';

/**
 * notifications: per-user notifications built from events, read state and the live stream.
 * `signals` replaces the configured ones (tests give replicas one in-memory channel, as one Redis).
 */
export function notificationsModule(
  options: { signals?: (config: NotificationsConfig) => FeedSignals | Promise<FeedSignals> } = {},
): ServiceModule<NotificationsConfig, NotificationsHandlers> {
  return {
    name: 'notifications',
    schema: 'notifications',
    grpcServiceName: SERVICES['notifications'].serviceName,
    definition: () => SERVICES['notifications'].definition(),
    migrations,
    configSchema: notificationsConfigSchema,
    peers: Object.values(PEERS),
    create: async ({ config, db, clock, logger, peers }) => {
      const clients = createPeers(peers, { defaultTimeoutMs: config.PEER_TIMEOUT_MS });
      const signals = await (options.signals ?? createFeedSignals)(config);
      const deps: NotificationsDeps = { db, clock, logger, config, signals, ...clients };
      const hub = new FeedHub(deps);
      await signals.listen((signal) => hub.onSignal(signal));
      return {
        useCases: notificationsUseCases(deps, hub),
        consumers: notificationsConsumers(deps),
        jobs: notificationsJobs(deps, hub),
        beforeDrain: () => hub.endAll(),
        close: async () => {
          await signals.close();
          clients.close();
        },
      };
    },
  };
}

export const notificationsService = notificationsModule();
