import { latestIds } from '../db/notifications';
import type { FeedSignal } from '../signals';
import type { NotificationsDeps } from '../use-cases/deps';
import type { FeedStream } from './feed-stream';

/** The open streams of this replica, by user, and what wakes them. */
export class FeedHub {
  private readonly byUser = new Map<number, Set<FeedStream>>();
  private readonly enders = new Map<FeedStream, () => void>();

  constructor(private readonly deps: NotificationsDeps) {}

  get size(): number {
    return this.enders.size;
  }

  /** `end` closes the call (shutdown); the stream leaves the hub with remove(). */
  add(stream: FeedStream, end: () => void): void {
    const streams = this.byUser.get(stream.userId) ?? new Set();
    streams.add(stream);
    this.byUser.set(stream.userId, streams);
    this.enders.set(stream, end);
  }

  remove(stream: FeedStream): void {
    stream.close();
    this.enders.delete(stream);
    const streams = this.byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byUser.delete(stream.userId);
  }

  /** A signal from any replica: wake that user's streams here. */
  onSignal(signal: FeedSignal): void {
    for (const stream of this.byUser.get(signal.userId) ?? []) {
      if (signal.change === 'created') stream.wake();
      else stream.sendCount();
    }
  }

  /** The safety net for lost signals: one query for every user with a stream here. */
  async poll(): Promise<void> {
    if (this.byUser.size === 0) return;
    const latest = await latestIds(this.deps.db, [...this.byUser.keys()]);
    for (const [userId, id] of latest)
      for (const stream of this.byUser.get(userId) ?? []) if (stream.position < id) stream.wake();
  }

  keepAlive(): void {
    for (const stream of this.enders.keys()) stream.sendCount();
  }

  /** Shutdown: every call ends (the gateway reconnects elsewhere with its Last-Event-ID). */
  endAll(): void {
    for (const [stream, end] of [...this.enders]) {
      this.remove(stream);
      end();
    }
  }
}
