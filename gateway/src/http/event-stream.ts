import type { Response } from 'express';

/**
 * Writes Server-Sent Events on an express response. Headers keep every proxy and cache from
 * buffering or storing it (nginx honours X-Accel-Buffering; no-transform stops recompression).
 */
export class EventStream {
  constructor(private readonly res: Response) {}

  open(retryMs: number): void {
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

  send(event: string, id: string, data: unknown): void {
    this.res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: ignored by EventSource, keeps the connection busy. */
  comment(text: string): void {
    this.res.write(`: ${text}\n\n`);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}
