import type { SubscribeResponse } from '@touchline/protos/gen/touchline/notifications/SubscribeResponse';
import { idBeforeNewest, latestIds, listAfter, unreadCount } from '../db/notifications';
import type { NotificationsDeps } from '../use-cases/deps';
import { present } from '../use-cases/present';

/** At most this many missed notifications are replayed after a reconnect: the newest ones. */
export const REPLAY_MAX = 200;
const BATCH = 100;

/**
 * One open Subscribe call. Everything it does runs in one queue, so it never sends a notification
 * twice or out of order: it remembers the last id sent and, when woken, sends what came after it.
 * One user's ids grow in commit order (see insertNotification), so nothing is skipped either.
 */
export class FeedStream {
  private lastId = 0;
  private queue: Promise<void> = Promise.resolve();
  private wakePending = false;
  private closed = false;

  constructor(
    readonly userId: number,
    private readonly deps: NotificationsDeps,
    private readonly write: (message: SubscribeResponse) => void,
  ) {}

  /** The id of the last notification sent (or known to the client). */
  get position(): number {
    return this.lastId;
  }

  /** First the unread count, then on a resume the replay of what came after `afterId`. */
  start(resume: { afterId: number } | undefined): void {
    this.enqueue(async () => {
      const count = await unreadCount(this.deps.db, this.userId);
      const latest = (await latestIds(this.deps.db, [this.userId])).get(this.userId) ?? 0;
      if (!resume) this.lastId = latest;
      else {
        // An id from the future (another deployment, a forged header) would hide every new one.
        const floor = await idBeforeNewest(this.deps.db, this.userId, REPLAY_MAX);
        this.lastId = Math.max(Math.min(resume.afterId, latest), floor);
      }
      this.send({ unreadCount: count });
      if (resume) await this.deliver();
    });
  }

  /** New notifications may exist: send them (several wakes before the run coalesce into one). */
  wake(): void {
    if (this.wakePending) return;
    this.wakePending = true;
    this.enqueue(async () => {
      this.wakePending = false;
      await this.deliver();
    });
  }

  /** The unread count moved (a read elsewhere) or the stream needs a keep-alive. */
  sendCount(): void {
    this.enqueue(async () => this.send({ unreadCount: await unreadCount(this.deps.db, this.userId) }));
  }

  close(): void {
    this.closed = true;
  }

  private async deliver(): Promise<void> {
    for (;;) {
      const rows = await listAfter(this.deps.db, this.userId, this.lastId, BATCH);
      if (rows.length === 0 || this.closed) return;
      const notifications = await present(this.deps, rows);
      const count = await unreadCount(this.deps.db, this.userId);
      for (const notification of notifications) {
        if (this.closed) return;
        this.lastId = Number(notification.id);
        this.send({ notification, unreadCount: count });
      }
      if (rows.length < BATCH) return;
    }
  }

  private send(message: Omit<SubscribeResponse, 'position'>): void {
    if (!this.closed) this.write({ ...message, position: this.lastId });
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await step();
      } catch (error) {
        // Nothing was marked sent: the next wake, poll or keep-alive tries again.
        this.deps.logger.warn({ err: error, userId: this.userId }, 'notification stream step failed');
      }
    });
  }
}
