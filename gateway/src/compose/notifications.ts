import type { Notification } from '@touchline/contract';
import type { Notification__Output } from '@touchline/protos/gen/touchline/notifications/Notification';

/** A notification as the API shows it: no user id, `timestamp`, and null for no link. */
export function toApiNotification(n: Notification__Output): Notification {
  return {
    id: Number(n.id),
    title: n.title,
    message: n.message,
    type: n.type as Notification['type'],
    read: n.read,
    timestamp: n.createdAt,
    link: n.link || null,
    kind: n.kind,
  };
}
