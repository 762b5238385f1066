import { idCursors, notFound } from '@touchline/kit';
import type { ListNotificationsRequest__Output } from '@touchline/protos/gen/touchline/notifications/ListNotificationsRequest';
import type { ListNotificationsResponse } from '@touchline/protos/gen/touchline/notifications/ListNotificationsResponse';
import type { MarkReadRequest__Output } from '@touchline/protos/gen/touchline/notifications/MarkReadRequest';
import { countOwned, latestIds, listPage, markRead, unreadCount } from '../db/notifications';
import { checkIds, checkUser, pageSize } from '../domain/requests';
import type { NotificationsDeps } from './deps';
import { present } from './present';

const feedPages = idCursors('notifications');

/** Newest first, keyset-paged by id. */
export async function listNotifications(
  deps: NotificationsDeps,
  request: ListNotificationsRequest__Output,
): Promise<ListNotificationsResponse> {
  const userId = checkUser(request.userId);
  const limit = pageSize(request.page?.pageSize ?? 0);
  const beforeId = feedPages.decode(request.page?.cursor ?? '');
  const rows = await listPage(deps.db, {
    userId,
    unreadOnly: request.unreadOnly,
    beforeId,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    notifications: await present(deps, page),
    unreadCount: await unreadCount(deps.db, userId),
    nextCursor: rows.length > limit ? feedPages.encode(page[page.length - 1]!.id) : '',
  };
}

export async function getUnreadCount(deps: NotificationsDeps, userId: number) {
  return { unreadCount: await unreadCount(deps.db, checkUser(userId)) };
}

/** Marks the user's own notifications read: any id that is not theirs makes it NOT_FOUND and changes nothing. */
export async function markNotificationsRead(deps: NotificationsDeps, request: MarkReadRequest__Output) {
  const userId = checkUser(request.userId);
  const ids = checkIds(request.notificationIds);
  if ((await countOwned(deps.db, userId, ids)) !== ids.length) throw notFound('Notification not found');
  return answerRead(deps, userId, await markRead(deps.db, userId, deps.clock.now(), ids));
}

export async function markAllNotificationsRead(deps: NotificationsDeps, userId: number) {
  const user = checkUser(userId);
  return answerRead(deps, user, await markRead(deps.db, user, deps.clock.now()));
}

/**
 * The caller's answer: the count after the mark (markRead). When something was marked, the user's
 * other tabs and devices see the new count at once, with the position it was read at.
 */
function answerRead(deps: NotificationsDeps, userId: number, read: { marked: number; unread: number }) {
  if (read.marked > 0)
    deps.live.now(async () => {
      const [unread, latest] = await Promise.all([
        unreadCount(deps.db, userId),
        latestIds(deps.db, [userId]),
      ]);
      return [
        {
          audience: 'LIVE_AUDIENCE_USER',
          userId,
          unread: { unreadCount: unread, position: latest.get(userId) ?? 0 },
        },
      ];
    });
  return { unreadCount: read.unread };
}
