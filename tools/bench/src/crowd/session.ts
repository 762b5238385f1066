import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DriverAnswer, HttpDriver } from '../http-driver';
import { routeGroup, routeOf } from './groups';
import type { Outcome } from './tally';

export interface CallOptions {
  body?: unknown;
  /** Send a fresh Idempotency-Key, as the web does with every state-changing call. */
  idempotent?: boolean;
  /** The Idempotency-Key to send instead of a fresh one (a call sent again after no answer). */
  key?: string;
  /** Keep and decode the body (to choose the next move); otherwise it is drained unread. */
  keep?: boolean;
}

/**
 * The bodies of kept answers by ETag, shared by every player of the bench: a strong ETag names the
 * content, so one copy serves every player who holds it (a browser each would hold its own).
 */
const bodies = new LRUCache<string, string>({ max: 256 });

/** Where every answer goes: the level's tally while a level runs. */
export type Recorder = (outcome: Outcome) => void;

/**
 * One player's signed-in session as a browser holds it: the session cookie, its own client address
 * (X-Forwarded-For, the gateway trusting one proxy) so that per-address limits count players, not
 * the bench, and the Accept-Encoding a browser sends.
 */
export class Session {
  cookie = '';
  id = 0;
  username = '';
  /** The ETag of each path's last answer, sent back as If-None-Match as a browser's cache does. */
  private readonly etags = new Map<string, string>();
  /** One sign-up, however often it is sent: one that got no answer is sent again with it. */
  private readonly signUpKey = randomUUID();

  constructor(
    private readonly driver: HttpDriver,
    readonly email: string,
    readonly address: string,
    private readonly timeoutMs: number,
    private readonly record: Recorder,
  ) {}

  static readonly PASSWORD = 'crowd-bench-player';

  headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      'accept-encoding': 'gzip, deflate, br',
      accept: 'application/json',
    };
    if (this.cookie) headers.cookie = this.cookie;
    return headers;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<DriverAnswer> {
    let answer = await this.send(method, path, options);
    // The session token is short-lived: sign in again, as the web app does, and repeat the request.
    if (answer.status === 401 && (await this.signIn())) answer = await this.send(method, path, options);
    return answer;
  }

  /** Registers the player; true once it has a session. */
  async register(): Promise<boolean> {
    // With a key, as the web signs up: a refused sign-up is sent again, performed once.
    const res = await this.send('POST', '/api/register', {
      body: { email: this.email, password: Session.PASSWORD },
      idempotent: true,
      key: this.signUpKey,
      keep: true,
    });
    if (res.status !== 201) return false;
    const user = JSON.parse(res.text) as { id: number; username: string };
    this.id = user.id;
    this.username = user.username;
    return true;
  }

  async signIn(): Promise<boolean> {
    const res = await this.send('POST', '/api/login', {
      body: { email: this.email, password: Session.PASSWORD },
    });
    return res.status === 200;
  }

  /**
   * One request as the web sends it: a shed answer (429/503 with Retry-After) of a GET or of a change
   * with an Idempotency-Key is sent again after the time it gives, the same key included, a few
   * times (web/src/lib/shedding.ts). Every answer is recorded, refusals too.
   */
  private async send(method: string, path: string, options: CallOptions): Promise<DriverAnswer> {
    const headers = this.headers();
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.idempotent) headers['idempotency-key'] = options.key ?? randomUUID();
    for (let attempt = 1; ; attempt++) {
      const answer = await this.sendOnce(method, path, headers, options);
      const wait = shedWaitMs(answer, method === 'GET' || options.idempotent === true, attempt);
      if (wait === undefined) return answer;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.cookie) headers.cookie = this.cookie;
    }
  }

  private async sendOnce(
    method: string,
    path: string,
    headers: Record<string, string>,
    options: CallOptions,
  ): Promise<DriverAnswer> {
    // A held answer is asked for again with its ETag; to be kept, only if its body is still here.
    const held = method === 'GET' ? this.etags.get(path) : undefined;
    const heldBody = held && options.keep ? bodies.get(held) : '';
    if (held && heldBody !== undefined) headers['if-none-match'] = held;
    const started = performance.now();
    let answer = await this.driver.request({
      method,
      path,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: this.timeoutMs,
      discard: !options.keep,
    });
    this.record({
      group: routeGroup(method, path),
      route: routeOf(method, path),
      status: answer.status,
      ms: performance.now() - started,
      timedOut: answer.timedOut,
      retryAfter: answer.retryAfter !== undefined,
    });
    if (answer.setCookie?.startsWith('tl_session=')) this.cookie = answer.setCookie.split(';')[0]!;
    if (method !== 'GET') return answer;
    // What fetch() hands the page: a 304 is the held answer, as a 200.
    if (answer.status === 304 && headers['if-none-match'])
      answer = { ...answer, status: 200, text: heldBody ?? '' };
    else if (answer.status === 200 && answer.etag) {
      this.etags.set(path, answer.etag);
      if (options.keep) bodies.set(answer.etag, answer.text);
    } else if (answer.status === 200) this.etags.delete(path);
    return answer;
  }
}

/** Tries in all of a shed request, and the longest wait between two, as in the web. */
export const SHED_TRIES = 3;
export const MAX_SHED_WAIT_MS = 10_000;

/** How long to wait before sending again, or undefined when the answer is final. */
export function shedWaitMs(answer: DriverAnswer, safe: boolean, attempt: number): number | undefined {
  if (!safe || attempt >= SHED_TRIES || (answer.status !== 429 && answer.status !== 503)) return undefined;
  const seconds = Number(answer.retryAfter);
  if (answer.retryAfter === undefined || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(seconds * 1000, MAX_SHED_WAIT_MS);
}
