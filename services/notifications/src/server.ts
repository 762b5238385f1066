import type { UseCases } from '@touchline/kit';
import type { NotificationsHandlers } from '@touchline/protos/gen/touchline/notifications/Notifications';
import type { FeedHub } from './streams/hub';
import type { NotificationsDeps } from './use-cases/deps';
import {
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
} from './use-cases/feed';
import { subscribe } from './use-cases/subscribe';

/** Maps each Notifications RPC onto its use case. */
export function notificationsUseCases(
  deps: NotificationsDeps,
  hub: FeedHub,
): UseCases<NotificationsHandlers> {
  return {
    ListNotifications: (req) => listNotifications(deps, req),
    GetUnreadCount: (req) => getUnreadCount(deps, req.userId),
    MarkRead: (req) => markNotificationsRead(deps, req),
    MarkAllRead: (req) => markAllNotificationsRead(deps, req.userId),
    Subscribe: subscribe(deps, hub),
  };
}
