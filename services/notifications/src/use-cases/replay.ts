import type { ReplayRequest__Output } from '@touchline/protos/gen/touchline/notifications/ReplayRequest';
import type { ReplayResponse } from '@touchline/protos/gen/touchline/notifications/ReplayResponse';
import { idBeforeNewest, latestIds, listAfter, unreadCount } from '../db/notifications';
import { checkAfterId, checkUser } from '../domain/requests';
import type { NotificationsDeps } from './deps';
import { present } from './present';

/** At most this many missed notifications are replayed after a reconnect: the newest ones. */
export const REPLAY_MAX = 200;

/**
 * What a stream that opens needs before its live events: the unread count, the position, and on a
 * resume what came after `afterId`. The gateway registers the stream before it asks, so a
 * notification committed meanwhile is here, in its live buffer, or both (it drops ids ≤ position).
 */
export async function replay(
  deps: NotificationsDeps,
  request: ReplayRequest__Output,
): Promise<ReplayResponse> {
  const userId = checkUser(request.userId);
  const afterId = checkAfterId(request.afterId);
  const latest = (await latestIds(deps.db, [userId])).get(userId) ?? 0;
  if (!request.resume)
    return { notifications: [], unreadCount: await unreadCount(deps.db, userId), position: latest };
  // An id from the future (another deployment, a forged header) would hide every new one.
  const floor = await idBeforeNewest(deps.db, userId, REPLAY_MAX);
  const from = Math.max(Math.min(afterId, latest), floor);
  const rows = await listAfter(deps.db, userId, from, REPLAY_MAX);
  const count = await unreadCount(deps.db, userId);
  return {
    notifications: await present(deps, rows),
    unreadCount: count,
    position: rows.length > 0 ? rows[rows.length - 1]!.id : from,
  };
}
