import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldUpstream } from '@touchline/kit/testing';
import { BUSY_MESSAGE, TOO_MANY_IN_FLIGHT } from '../src/middleware/shedding';
import { startHeldGateway, type HeldGateway } from './held-gateway';

// identity for real (sessions), notifications that answer nothing until the test releases them.
// GET /api/notifications/unread-count makes one call, GetUnreadCount, per request (a per-user read:
// a shared answer such as the leaderboard would join concurrent requests into one call).
const SLOTS = 3;
const PER_USER = 2;
const BUDGET_MS = 3_000;
const NONE_UNREAD = { unreadCount: 0 };

let gateway: HeldGateway<'notifications'>;
let notifications: HeldUpstream;
let nextUser = 2_000_000;

beforeAll(async () => {
  gateway = await startHeldGateway({
    hold: { notifications: ['GetUnreadCount'] },
    shed: { concurrency: SLOTS, queue: 0, maxWaitMs: 1_000, retryAfterSeconds: 3 },
    config: {
      IN_FLIGHT_PER_USER: String(PER_USER),
      SHED_RETRY_AFTER_S: '3',
      UPSTREAM_TIMEOUT_MS: String(BUDGET_MS),
    },
  });
  ({ notifications } = gateway.held);
}, 120_000);

afterAll(() => gateway?.stop());

/** A signed-in user's cookie (a fresh session of a user id no one else uses). */
const user = () => gateway.cookie(nextUser++);

const unread = (cookie: string) =>
  request(gateway.baseUrl)
    .get('/api/notifications/unread-count')
    .set('Cookie', cookie)
    .set('X-Forwarded-For', '10.77.0.1');

/**
 * Sends the request and returns its pending answer once the upstream holds `held` calls in all
 * (wrapped: an async function would wait for a promise it returns).
 */
async function held<T>(send: () => PromiseLike<T>, held: number): Promise<{ answer: Promise<T> }> {
  const answer = Promise.resolve(send());
  while (notifications.calls.length < held) await new Promise((resolve) => setTimeout(resolve, 5));
  return { answer };
}

describe('shedding', () => {
  it('answers 503 with Retry-After at once when the upstream is saturated, and sends it nothing', async () => {
    const before = notifications.calls.length;
    const waiting: Promise<request.Response>[] = [];
    for (let i = 1; i <= SLOTS; i++)
      waiting.push((await held(async () => unread(await user()), before + i)).answer);

    const refused = await unread(await user());
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toEqual({ message: BUSY_MESSAGE });
    // Answered while every slot was still held, and the upstream never heard of it.
    expect(notifications.calls.length).toBe(before + SLOTS);

    // Health is never shed.
    expect((await request(gateway.baseUrl).get('/healthz')).status).toBe(200);

    notifications.releaseAll(NONE_UNREAD);
    for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(200);
    // The slots are free again.
    const { answer: after } = await held(async () => unread(await user()), before + SLOTS + 1);
    notifications.releaseAll(NONE_UNREAD);
    expect((await after).status).toBe(200);
  });

  it('answers 429 with Retry-After to a client with too many requests in flight', async () => {
    const cookie = await user();
    const before = notifications.calls.length;
    const { answer: first } = await held(() => unread(cookie), before + 1);
    const { answer: second } = await held(() => unread(cookie), before + 2);

    const refused = await unread(cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toEqual({ message: TOO_MANY_IN_FLIGHT });
    expect(notifications.calls.length).toBe(before + 2);

    notifications.releaseAll(NONE_UNREAD);
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
    // Its answers are in: the client may send again.
    const { answer: again } = await held(() => unread(cookie), before + 3);
    notifications.releaseAll(NONE_UNREAD);
    expect((await again).status).toBe(200);
  });

  it("gives the upstream call the request's budget as its deadline (UPSTREAM_TIMEOUT_MS, not the client's 10 s)", async () => {
    const before = notifications.calls.length;
    const { answer } = await held(async () => unread(await user()), before + 1);
    const call = notifications.calls[before]!;
    notifications.releaseAll(NONE_UNREAD);
    expect((await answer).status).toBe(200);
    expect(call.deadline - call.receivedAt).toBeLessThanOrEqual(BUDGET_MS);
    expect(call.deadline - call.receivedAt).toBeGreaterThan(1_000);
  });
});
