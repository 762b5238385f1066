import type { Socket } from 'node:net';
import type { Response } from 'express';
import type { LiveClosed } from '@touchline/contract';
import { DOCUMENT_ONLY_HEADERS } from '../middleware/security-headers';
import type { Session } from '../session';
import { frameOf, type LiveFrame } from './events';

/** A client that lets this much pile up unread is too slow for the stream: it is ended (it resumes). */
const MAX_UNSENT_BYTES = 512 * 1024;

/**
 * One browser's SSE stream. It holds no timer and no upstream call of its own (the hub's do that for
 * every stream), and once open not even the response: the socket, the session, its position, and
 * until its replay is written the live frames heard meanwhile.
 *
 * The answer's head goes out through the response (express's headers, Node's status line); its body
 * is written to the socket directly. The body is delimited by the connection's end (no
 * Content-Length, no chunked framing, `Connection: close`: RFC 9112 section 6.3, item 8), so every
 * stream gets the very bytes of a frame, serialised once for all of them, and the stream keeps no
 * reference to express's request and response (its middleware's closures, locals, the replay) for
 * the hours it stays open. Node keeps its own request and response objects until the socket closes.
 */
export class LiveStream {
  /** Live frames heard before the replay was written; undefined once the stream is live. */
  pending: LiveFrame[] | undefined = [];
  /** The newest notification id the stream has covered. */
  position = 0;
  ended = false;
  /** The answer until its head is sent; then only the socket is kept. */
  private res: Response | undefined;

  constructor(
    res: Response,
    readonly socket: Socket,
    readonly session: Session,
    readonly address: string,
  ) {
    this.res = res;
  }

  get userId(): number {
    return this.session.userId;
  }

  /** Whether its head is sent (frames can be written). */
  get opened(): boolean {
    return this.res === undefined;
  }

  /**
   * Headers that keep every proxy and cache from buffering or storing it (nginx honours
   * X-Accel-Buffering); nosniff, HSTS and a renewed session cookie stay, the headers only a document
   * heeds go (the head is kept in memory as long as the stream).
   */
  open(retryMs: number): void {
    const res = this.res;
    if (!res) return;
    this.res = undefined;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      Connection: 'close',
      'X-Accel-Buffering': 'no',
    });
    // The body runs until the connection ends: Node then frames nothing (the socket's bytes are the body).
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    res.flushHeaders();
    this.socket.setNoDelay(true);
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
    if (this.ended || !this.opened) return;
    if (this.socket.writableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    this.socket.write(bytes);
  }

  /** The last event, then the end (a stream not yet open is opened for it, so the page learns why). */
  close(closed: LiveClosed, retryMs: number): void {
    if (this.ended) return;
    this.open(retryMs);
    this.pending = undefined;
    this.write(frameOf('closed', closed));
    this.end();
  }

  /** Ends the body, which is the end of the connection; closed once what was written is sent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    const res = this.res;
    this.res = undefined;
    if (res) {
      if (!res.writableEnded) res.end();
    } else if (!this.socket.destroyed) this.socket.end(() => this.socket.destroy());
  }
}
