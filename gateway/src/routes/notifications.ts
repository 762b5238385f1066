import { api, PAGE_LIMIT_DEFAULT } from '@touchline/contract';
import type { Clients } from '../clients';
import { toApiNotification } from '../compose/notifications';
import { ContractRouter } from '../http/contract-router';

/** The user's notifications (their live stream is routes/live-stream.ts, mounted ahead of the /api router). */
export function notificationRoutes(clients: Clients) {
  const { notifications } = clients;
  return new ContractRouter()
    .add(api.notifications.list, async ({ userId, query }) => {
      const page = await notifications.ListNotifications({
        userId,
        unreadOnly: query.unread === 'true',
        page: { pageSize: query.limit ?? PAGE_LIMIT_DEFAULT, cursor: query.cursor ?? '' },
      });
      return {
        status: 200,
        body: {
          items: page.notifications.map(toApiNotification),
          nextCursor: page.nextCursor || null,
          unreadCount: page.unreadCount,
        },
      };
    })
    .add(api.notifications.unreadCount, async ({ userId }) => {
      const { unreadCount } = await notifications.GetUnreadCount({ userId });
      return { status: 200, body: { unreadCount } };
    })
    .add(api.notifications.markAllRead, async ({ userId, idempotencyKey }) => {
      const { unreadCount } = await notifications.MarkAllRead({ userId, idempotencyKey });
      return { status: 200, body: { unreadCount } };
    })
    .add(api.notifications.markRead, async ({ userId, params, idempotencyKey }) => {
      const { unreadCount } = await notifications.MarkRead({
        userId,
        notificationIds: [params.id],
        idempotencyKey,
      });
      return { status: 200, body: { unreadCount } };
    }).router;
}
