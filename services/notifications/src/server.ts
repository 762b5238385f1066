import type { UseCases } from '@touchline/kit';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';
import type { LiveCalls } from './live/live-calls';
import type { NotificationsDeps } from './use-cases/deps';
import {
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from './use-cases/feed';
import { live } from './use-cases/live';
import { replay } from './use-cases/replay';

/** Maps each Notifications RPC onto its use case. */
export function notificationsUseCases(
  deps: NotificationsDeps,
  calls: LiveCalls,
): UseCases<NotificationsHandlers> {
  return {
    ListNotifications: (req) => listNotifications(deps, req),
    GetUnreadCount: (req) => getUnreadCount(deps, req.userId),
    MarkRead: (req) => markNotificationsRead(deps, req),
    MarkAllRead: (req) => markAllNotificationsRead(deps, req.userId),
    Replay: (req) => replay(deps, req),
    Live: live(deps, calls),
  };
}
