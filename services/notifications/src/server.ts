import type { UseCases } from '@touchline/kit';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';

/**
 * Maps each Notifications RPC onto its use case. None is built yet: every RPC answers UNIMPLEMENTED
 * (HTTP 501 at the gateway) until its issue lands.
 */
export function notificationsUseCases(): UseCases<NotificationsHandlers> {
  return {};
}
