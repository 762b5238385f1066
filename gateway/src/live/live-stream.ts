import type { Response } from 'express';
import type { LiveClosed } from '@touchline/contract';
import type { Session } from '../session';
import { frameOf, type LiveFrame } from './events';

/** A client that lets this much pile up unread is too slow for the stream: it is ended (it resumes). */
const MAX_UNSENT_BYTES = 512 * 1024;

/**
 * One browser's SSE stream. It holds no timer and no upstream call of its own (the hub's do that for
 * every stream): the response, the session, and until its replay is written the live frames heard
 * meanwhile.
 */
export class LiveStream {
  /** Live frames heard before the replay was written; undefined once the stream is live. */
  pending: LiveFrame[] | undefined = [];
  /** The newest notification id the stream has covered. */
  position = 0;
  ended = false;
  private opened = false;

  constructor(
    readonly res: Response,
    readonly session: Session,
    readonly address: string,
  ) {}

  get userId(): number {
    return this.session.userId;
  }

  /** Headers that keep every proxy and cache from buffering or storing it (nginx honours X-Accel-Buffering). */
  open(retryMs: number): void {
    if (this.opened) return;
    this.opened = true;
    this.res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    this.res.flushHeaders();
    this.res.socket?.setNoDelay(true);
    this.res.write(`retry: ${retryMs}\n\n`);
  }

  /** A live frame: held back while the replay is read, written after it. */
  deliver(frame: LiveFrame): void {
    if (this.pending) this.pending.push(frame);
    else this.write(frame.text);
  }

  /** Writes the frames held back, dropping notifications the replay already covered. */
  goLive(): void {
    const pending = this.pending ?? [];
    this.pending = undefined;
    for (const frame of pending)
      if (frame.notificationId === undefined || frame.notificationId > this.position) this.write(frame.text);
  }

  write(text: string): void {
    if (this.ended || !this.opened) return;
    if (this.res.writableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    this.res.write(text);
  }

  /** The last event, then the end (a stream not yet open is opened for it, so the page learns why). */
  close(closed: LiveClosed, retryMs: number): void {
    if (this.ended) return;
    if (!this.res.headersSent) this.open(retryMs);
    this.pending = undefined;
    this.write(frameOf('closed', closed));
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.res.writableEnded) this.res.end();
  }
}
