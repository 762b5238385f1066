import type { Tx } from '@touchline/kit';
import { insertNotification } from '../db/notifications';
import type { Draft } from '../domain/drafts';
import type { NotificationsDeps } from './deps';

/**
 * Stores the notifications an event makes (inside its inbox transaction) and, once committed,
 * signals every replica so open streams of those users send them.
 */
export async function recordNotifications(deps: NotificationsDeps, trx: Tx, drafts: Draft[]): Promise<void> {
  const users: number[] = [];
  for (const draft of drafts)
    if ((await insertNotification(trx, draft)) !== undefined) users.push(draft.userId);
  if (users.length === 0) return;
  void trx.executionPromise
    .then(() => Promise.all(users.map((userId) => deps.signals.publish({ userId, change: 'created' }))))
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'feed signal lost; the poll delivers it'));
}
