import type { Response } from 'express';
import type { LiveClosed } from '@touchline/contract';
import { DOCUMENT_ONLY_HEADERS } from '../middleware/security-headers';
import type { Session } from '../session';
import { frameOf, type LiveFrame } from './events';

/** A client that lets this much pile up unread is too slow for the stream: it is ended (it resumes). */
const MAX_UNSENT_BYTES = 512 * 1024;

/**
 * One browser's SSE stream. It holds no timer and no upstream call of its own (the hub's do that for
 * every stream): the response, the session, its position, and until its replay is written the live
 * frames heard meanwhile.
 *
 * The body is delimited by the connection's end (no Content-Length, no chunked framing,
 * `Connection: close`: RFC 9112 section 6.3, item 8), so Node writes each frame's bytes as they are,
 * serialised once for every stream. Holding the response costs nothing more: Node keeps it (and the
 * request) until the socket closes anyway.
 */
export class LiveStream {
  /** Live frames heard before the replay was written; undefined once the stream is live. */
  pending: LiveFrame[] | undefined = [];
  /** The newest notification id the stream has covered. */
  position = 0;
  ended = false;
  /** Whether its head is sent (frames can be written). */
  opened = false;

  constructor(
    private readonly res: Response,
    readonly session: Session,
    readonly address: string,
  ) {}

  get userId(): number {
    return this.session.userId;
  }

  /** `listener` runs once the connection is gone, whoever ended it. */
  onClose(listener: () => void): void {
    this.res.once('close', listener);
  }

  /**
   * Headers that keep every proxy and cache from buffering or storing it (nginx honours
   * X-Accel-Buffering); nosniff, HSTS and a renewed session cookie stay, the headers only a document
   * heeds go (the head is kept in memory as long as the stream).
   */
  open(retryMs: number): void {
    if (this.opened) return;
    this.opened = true;
    const res = this.res;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      Connection: 'close',
      'X-Accel-Buffering': 'no',
    });
    // Both removed: Node then frames nothing, and the connection's end is the body's.
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    this.write(Buffer.from(`retry: ${retryMs}\n\n`));
  }

  /** A live frame: held back while the replay is read, written after it. */
  deliver(frame: LiveFrame): void {
    if (this.pending) this.pending.push(frame);
    else this.write(frame.bytes);
  }

  /** Writes the frames held back, dropping notifications the replay already covered. */
  goLive(): void {
    const pending = this.pending ?? [];
    this.pending = undefined;
    for (const frame of pending)
      if (frame.notificationId === undefined || frame.notificationId > this.position) this.write(frame.bytes);
  }

  write(bytes: Buffer): void {
    if (this.ended || !this.opened || this.res.destroyed) return;
    // What Node holds for the socket, plus what the socket has not handed to the kernel yet.
    if (this.res.writableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    this.res.write(bytes);
  }

  /** The last event, then the end (a stream not yet open is opened for it, so the page learns why). */
  close(closed: LiveClosed, retryMs: number): void {
    if (this.ended) return;
    this.open(retryMs);
    this.pending = undefined;
    this.write(frameOf('closed', closed));
    this.end();
  }

  /** Ends the body, which is the end of the connection: Node closes it once what was written is sent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.res.writableEnded) this.res.end();
  }
}
