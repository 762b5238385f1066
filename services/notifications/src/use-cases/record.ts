import type { Tx } from '@touchline/kit';
import { insertNotification, type NotificationRow } from '../db/notifications';
import type { Change } from '../domain/changes';
import type { Draft } from '../domain/drafts';
import type { NotificationsDeps } from './deps';
import { present } from './present';

/**
 * Stores the notifications an event makes and publishes, once committed, each new one with the
 * user's unread count after it, then the event's change events: the gateways send them as they are,
 * with no read of their own. The user's feed row stays locked until the commit (insertNotification),
 * so the counts it answers are the counts at the commit.
 */
export async function recordEvent(
  deps: NotificationsDeps,
  trx: Tx,
  drafts: Draft[],
  changes: Change[],
): Promise<void> {
  const created: { row: NotificationRow; unread: number }[] = [];
  for (const draft of drafts) {
    const added = await insertNotification(trx, draft);
    if (added) created.push({ row: { ...draft, id: added.id, read: false }, unread: added.unread });
  }
  if (created.length === 0 && changes.length === 0) return;
  deps.live.afterCommit(trx, async () => {
    const notifications = await present(
      deps,
      created.map(({ row }) => row),
    );
    const messages: Change[] = notifications.map((notification, i) => ({
      audience: 'LIVE_AUDIENCE_USER',
      userId: Number(notification.userId),
      notification: { notification, unreadCount: created[i]!.unread },
    }));
    return [...messages, ...changes];
  });
}
