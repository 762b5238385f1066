import { randomUUID } from 'node:crypto';
import type { Answer, AnswerLog } from './answers';

interface CallOptions {
  body?: unknown;
  /** The Idempotency-Key; a fresh one unless given, none with false (reads). */
  key?: string | false;
  followUp?: boolean;
  timeoutMs?: number;
  note?: string;
}

/** One player's session against the gateway; every answer goes to the log. */
export class Player {
  cookie = '';
  id = 0;
  username = '';

  constructor(
    readonly baseUrl: string,
    readonly email: string,
    readonly password: string,
    private readonly log: AnswerLog,
  ) {}

  async call<T = unknown>(
    kind: string,
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<{ status: number; body: T; key?: string }> {
    const key = options.key === false ? undefined : (options.key ?? randomUUID());
    let answer = await this.send(kind, method, path, key, options);
    // The session JWT is short-lived: sign in again, as the web app would, and send the same request.
    if (answer.status === 401 && !path.startsWith('/api/login') && !path.startsWith('/api/register')) {
      if (await this.login()) answer = await this.send(kind, method, path, key, options);
    }
    this.log.add(answer);
    return { status: answer.status, body: answer.response as T, key };
  }

  async login(): Promise<boolean> {
    const answer = await this.send('auth.login', 'post', '/api/login', undefined, {
      body: { email: this.email, password: this.password },
    });
    this.log.add(answer);
    return answer.status === 200;
  }

  private async send(
    kind: string,
    method: string,
    path: string,
    key: string | undefined,
    options: CallOptions,
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (key) headers['idempotency-key'] = key;
    const started = performance.now();
    let status = 0;
    let response: unknown;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method: method.toUpperCase(),
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      status = res.status;
      const setCookie = res.headers.get('set-cookie');
      if (setCookie?.startsWith('tl_session=')) this.cookie = setCookie.split(';')[0]!;
      const text = await res.text();
      try {
        response = text ? JSON.parse(text) : undefined;
      } catch {
        response = text;
      }
    } catch (error) {
      response = { error: (error as Error).message };
      // No answer at all (the gateway is down): wait a little before the next call, as a page would.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return {
      kind,
      userId: this.id,
      method,
      path,
      key,
      body: options.body,
      status,
      response,
      ms: performance.now() - started,
      at: Date.now(),
      followUp: options.followUp,
      note: options.note,
    };
  }
}
