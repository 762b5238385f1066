import type { ServiceModule } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';
import { migrations } from './db/migrations';
import { notificationsUseCases } from './server';

/** notifications: per-user notifications built from events, read state and the live stream. */
export const notificationsService: ServiceModule<unknown, NotificationsHandlers> = {
  name: 'notifications',
  schema: 'notifications',
  grpcServiceName: SERVICES['notifications'].serviceName,
  definition: () => SERVICES['notifications'].definition(),
  migrations,
  create: () => ({ useCases: notificationsUseCases() }),
};
