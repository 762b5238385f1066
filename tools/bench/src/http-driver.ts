import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface DriverRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client gives up after this long (status 0, `timedOut`). */
  timeoutMs?: number;
  /** Drain the answer without keeping it: the load driver's CPU is the stack's loss. */
  discard?: boolean;
}

export interface DriverAnswer {
  /** 0 when no answer came (connection error or timeout). */
  status: number;
  /** The body, decompressed; empty when discarded. */
  text: string;
  timedOut: boolean;
  retryAfter?: string;
  setCookie?: string;
  /** The answer's ETag (a shared answer), for the next request's If-None-Match. */
  etag?: string;
}

/** Undoes the Content-Encoding the server chose from the Accept-Encoding a browser sends. */
function decode(encoding: string | undefined, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  return raw.toString();
}

/**
 * The load driver's HTTP client: node:http over kept-alive sockets. The driver shares the machine's
 * cores with the stack it measures, and Node 20's fetch (undici) costs several times more client CPU
 * per request than this (docs/performance.md, the load driver): CPU the stack could not use.
 */
export class HttpDriver {
  private readonly agent: http.Agent;
  private readonly base: URL;

  /** `maxSockets`: 64 for a few busy clients; a crowd of browsers needs one socket per request in flight. */
  constructor(baseUrl: string, options: { maxSockets?: number } = {}) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  }

  post(path: string, cookie: string, body: string): Promise<{ status: number; text: string }> {
    return this.request({
      method: 'POST',
      path,
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
  }

  /**
   * One request. A kept-alive socket that the server closed (its idle timeout) just as the request
   * went out on it resets before any answer; a browser then sends the request again on a new
   * connection, and so does this, once (Node's documented `reusedSocket` pattern). Without it a
   * crowd counted such resets as requests without an answer (5-7 in a 250-player run when the
   * driver's loop was late to drop the socket ahead of the server's timeout).
   */
  request(r: DriverRequest, resent = false): Promise<DriverAnswer> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (answer: DriverAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(answer);
      };
      const headers = { ...r.headers };
      if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: r.path,
          method: r.method,
          agent: this.agent,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          if (!r.discard) res.on('data', (chunk: Buffer) => chunks.push(chunk));
          else res.resume();
          res.on('end', () => {
            let text: string;
            try {
              text = r.discard ? '' : decode(res.headers['content-encoding'], Buffer.concat(chunks));
            } catch {
              text = ''; // a body that does not decode: the caller sees the status alone
            }
            done({
              status: res.statusCode ?? 0,
              text,
              timedOut: false,
              retryAfter: res.headers['retry-after'],
              setCookie: res.headers['set-cookie']?.[0],
              etag: res.headers.etag,
            });
          });
          res.on('error', () => done({ status: 0, text: '', timedOut: false }));
        },
      );
      const timer = r.timeoutMs
        ? setTimeout(() => {
            req.destroy();
            done({ status: 0, text: '', timedOut: true });
          }, r.timeoutMs)
        : undefined;
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!settled && !resent && req.reusedSocket && error.code === 'ECONNRESET') {
          settled = true;
          clearTimeout(timer);
          resolve(this.request(r, true));
          return;
        }
        done({ status: 0, text: '', timedOut: false });
      });
      req.end(r.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
