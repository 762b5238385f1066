import { z } from 'zod';
import { Timestamp } from './common';
import { pageOf, pageQuery } from './paging';

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;

/** One notification of the signed-in user (docs/design.md#7-decisions-on-the-specs-open-points, notifications). */
export const Notification = z
  .object({
    id: z.number(),
    title: z.string(),
    message: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    read: z.boolean(),
    timestamp: Timestamp,
    /** An app route to open, e.g. '/trade'; null when there is nothing to open. */
    link: z.string().nullable(),
    /** What happened, e.g. 'trade.offer_received', 'market.card_sold', 'mission.completed'. */
    kind: z.string(),
  })
  .meta({ id: 'Notification' });

export const NotificationsQuery = z.strictObject({
  ...pageQuery,
  /** 'true': unread ones only. */
  unread: z.enum(['true', 'false']).default('false'),
});

/** Newest first. */
export const NotificationsPage = pageOf(Notification, { unreadCount: z.number() }).meta({
  id: 'NotificationsPage',
});

export const UnreadCount = z.object({ unreadCount: z.number() });

/**
 * The data of one Server-Sent Event of GET /api/notifications/stream. `event: notification` carries a
 * new notification and the unread count after it; `event: unread` a fresh count (at the start, after a
 * read anywhere, and as a keep-alive). Every event's `id:` is a position to send back as Last-Event-ID.
 */
export const NotificationStreamEvent = z
  .object({
    notification: Notification.optional(),
    unreadCount: z.number(),
  })
  .meta({ id: 'NotificationStreamEvent' });

export type Notification = z.infer<typeof Notification>;
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;
export type NotificationsPage = z.infer<typeof NotificationsPage>;
export type UnreadCount = z.infer<typeof UnreadCount>;
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEvent>;
