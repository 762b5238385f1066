import { randomUUID } from 'node:crypto';
import type { DriverAnswer, HttpDriver } from '../http-driver';

export interface User {
  id: number;
  username: string;
  cookie: string;
}

/** One request of a player, as the web sends it. */
export interface Op {
  user: User;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  ifNoneMatch?: string;
}

/**
 * Sends an op with the headers a browser sends: its compression, its session, and a fresh
 * Idempotency-Key on every change (the web's, and what the gateway's idempotent routes expect).
 */
export function send(driver: HttpDriver, op: Op, keep = true): Promise<DriverAnswer> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
    cookie: op.user.cookie,
  };
  if (op.ifNoneMatch) headers['if-none-match'] = op.ifNoneMatch;
  if (op.method === 'POST') {
    headers['content-type'] = 'application/json';
    headers['idempotency-key'] = randomUUID();
  }
  return driver.request({
    method: op.method,
    path: op.path,
    headers,
    body: op.method === 'POST' ? JSON.stringify(op.body ?? {}) : undefined,
    timeoutMs: 30_000,
    discard: !keep,
  });
}

/** An answer's JSON body, or a clear error naming the request (a setup step that must succeed). */
export function json<T>(answer: DriverAnswer, what: string, expect: number[] = [200, 201]): T {
  if (!expect.includes(answer.status))
    throw new Error(`${what}: status ${answer.status} ${answer.text.slice(0, 200)}`);
  return JSON.parse(answer.text) as T;
}

/** Signs `count` players up, `parallel` at a time (each hashes a password), once each has its welcome coins. */
export async function signUp(driver: HttpDriver, count: number, parallel = 4): Promise<User[]> {
  const users: User[] = [];
  const run = `${Date.now().toString(36)}`;
  for (let i = 0; i < count; i += parallel) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(parallel, count - i) }, async (_, j) => {
        const answer = await driver.request({
          method: 'POST',
          path: '/api/register',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ email: `cost${run}_${i + j}@bench.example`, password: 'bench-cost-player' }),
          timeoutMs: 60_000,
        });
        const { id, username } = json<{ id: number; username: string }>(answer, 'sign-up', [201]);
        return { id, username, cookie: (answer.setCookie ?? '').split(';')[0]! };
      }),
    );
    users.push(...batch);
  }
  for (const user of users)
    for (let t = 0; ; t++) {
      const balance = await send(driver, { user, method: 'GET', path: '/api/user/balance' });
      if (balance.status === 200 && (JSON.parse(balance.text) as { coins: number }).coins > 0) break;
      if (t === 150) throw new Error(`no welcome coins for user ${user.id}: ${balance.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  return users;
}
