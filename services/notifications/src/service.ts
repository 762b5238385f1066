import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';
import { createLiveChannel, type LiveChannel } from './channel';
import { notificationsConfigSchema, type NotificationsConfig } from './config';
import { notificationsConsumers } from './consumers';
import { migrations } from './db/migrations';
import { notificationsJobs } from './jobs';
import { LiveCalls } from './live/live-calls';
import { LivePublisher } from './live/publisher';
import { createPeers, PEERS } from './peers';
import { notificationsUseCases } from './server';
import type { NotificationsDeps } from './use-cases/deps';

/**
 * notifications: per-user notifications built from events, read state, and the live hub: the change
 * events of every user, shared by the replicas on one channel and written to each gateway's Live call.
 * `channel` replaces the configured one (tests give replicas one in-memory channel, as one Redis).
 */
export function notificationsModule(
  options: { channel?: (config: NotificationsConfig) => LiveChannel | Promise<LiveChannel> } = {},
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
      const channel = await (options.channel ?? createLiveChannel)(config);
      const live = new LivePublisher({ channel, logger });
      const deps: NotificationsDeps = { db, clock, logger, config, channel, live, ...clients };
      const calls = new LiveCalls();
      await channel.listen(
        (changes) => calls.deliver(changes),
        (reason) => {
          logger.warn({ reason }, 'live channel interrupted: gateways resync their streams');
          calls.interrupted(reason);
        },
      );
      return {
        useCases: notificationsUseCases(deps, calls),
        consumers: notificationsConsumers(deps),
        jobs: notificationsJobs(deps, calls),
        beforeDrain: () => calls.endAll(),
        close: async () => {
          await live.flushed();
          await channel.close();
          clients.close();
        },
      };
    },
  };
}

export const notificationsService = notificationsModule();
