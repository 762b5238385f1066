import type { Tx } from '@touchline/kit';
import { insertNotification, unreadCount, type NotificationRow } from '../db/notifications';
import type { Change } from '../domain/changes';
import type { Draft } from '../domain/drafts';
import type { NotificationsDeps } from './deps';
import { present } from './present';

/**
 * Stores the notifications an event makes and publishes, once committed, each new one with the
 * user's unread count after it, then the event's change events: the gateways send them as they are,
 * with no read of their own. The user's feed row stays locked until the commit (insertNotification),
 * so the counts read here are the counts at the commit.
 */
export async function recordEvent(
  deps: NotificationsDeps,
  trx: Tx,
  drafts: Draft[],
  changes: Change[],
): Promise<void> {
  const created: NotificationRow[] = [];
  for (const draft of drafts) {
    const id = await insertNotification(trx, draft);
    if (id !== undefined) created.push({ ...draft, id, read: false });
  }
  const counts = new Map<number, number>();
  for (const userId of new Set(created.map((row) => row.userId)))
    counts.set(userId, await unreadCount(trx, userId));
  if (created.length === 0 && changes.length === 0) return;
  deps.live.afterCommit(trx, async () => {
    const notifications = await present(deps, created);
    // Several notifications of one user from one event: each carries the count once it is added.
    const later = new Map<number, number>();
    for (const n of created) later.set(n.userId, (later.get(n.userId) ?? 0) + 1);
    const messages: Change[] = notifications.map((notification) => {
      const userId = Number(notification.userId);
      const left = later.get(userId)! - 1;
      later.set(userId, left);
      return {
        audience: 'LIVE_AUDIENCE_USER',
        userId,
        notification: { notification, unreadCount: counts.get(userId)! - left },
      };
    });
    return [...messages, ...changes];
  });
}
