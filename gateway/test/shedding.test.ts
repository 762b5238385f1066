import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldUpstream } from '@touchline/kit/testing';
import { BUSY_MESSAGE, TOO_MANY_IN_FLIGHT } from '../src/middleware/shedding';
import { startHeldGateway, type HeldGateway } from './held-gateway';

// identity for real (sessions), a leaderboard that answers nothing until the test releases it.
// GET /api/leaderboard makes one call: GetTop (an empty board needs no usernames).
const SLOTS = 3;
const PER_USER = 2;
const BUDGET_MS = 3_000;
const EMPTY_BOARD = { entries: [], asOf: '' };

let gateway: HeldGateway<'leaderboard'>;
let leaderboard: HeldUpstream;
let nextUser = 2_000_000;

beforeAll(async () => {
  gateway = await startHeldGateway({
    hold: { leaderboard: ['GetTop'] },
    shed: { concurrency: SLOTS, queue: 0, maxWaitMs: 1_000, retryAfterSeconds: 3 },
    config: {
      IN_FLIGHT_PER_USER: String(PER_USER),
      SHED_RETRY_AFTER_S: '3',
      UPSTREAM_TIMEOUT_MS: String(BUDGET_MS),
    },
  });
  ({ leaderboard } = gateway.held);
}, 120_000);

afterAll(() => gateway?.stop());

/** A signed-in user's cookie (a fresh session of a user id no one else uses). */
const user = () => gateway.cookie(nextUser++);

const board = (cookie: string) =>
  request(gateway.baseUrl).get('/api/leaderboard').set('Cookie', cookie).set('X-Forwarded-For', '10.77.0.1');

/**
 * Sends the request and returns its pending answer once the upstream holds `held` calls in all
 * (wrapped: an async function would wait for a promise it returns).
 */
async function held<T>(send: () => PromiseLike<T>, held: number): Promise<{ answer: Promise<T> }> {
  const answer = Promise.resolve(send());
  while (leaderboard.calls.length < held) await new Promise((resolve) => setTimeout(resolve, 5));
  return { answer };
}

describe('shedding', () => {
  it('answers 503 with Retry-After at once when the upstream is saturated, and sends it nothing', async () => {
    const before = leaderboard.calls.length;
    const waiting: Promise<request.Response>[] = [];
    for (let i = 1; i <= SLOTS; i++)
      waiting.push((await held(async () => board(await user()), before + i)).answer);

    const refused = await board(await user());
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toEqual({ message: BUSY_MESSAGE });
    // Answered while every slot was still held, and the upstream never heard of it.
    expect(leaderboard.calls.length).toBe(before + SLOTS);

    // Health is never shed.
    expect((await request(gateway.baseUrl).get('/healthz')).status).toBe(200);

    leaderboard.releaseAll(EMPTY_BOARD);
    for (const answer of await Promise.all(waiting)) expect(answer.status).toBe(200);
    // The slots are free again.
    const { answer: after } = await held(async () => board(await user()), before + SLOTS + 1);
    leaderboard.releaseAll(EMPTY_BOARD);
    expect((await after).status).toBe(200);
  });

  it('answers 429 with Retry-After to a client with too many requests in flight', async () => {
    const cookie = await user();
    const before = leaderboard.calls.length;
    const { answer: first } = await held(() => board(cookie), before + 1);
    const { answer: second } = await held(() => board(cookie), before + 2);

    const refused = await board(cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.body).toEqual({ message: TOO_MANY_IN_FLIGHT });
    expect(leaderboard.calls.length).toBe(before + 2);

    leaderboard.releaseAll(EMPTY_BOARD);
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
    // Its answers are in: the client may send again.
    const { answer: again } = await held(() => board(cookie), before + 3);
    leaderboard.releaseAll(EMPTY_BOARD);
    expect((await again).status).toBe(200);
  });

  it("gives the upstream call the request's budget as its deadline (UPSTREAM_TIMEOUT_MS, not the client's 10 s)", async () => {
    const before = leaderboard.calls.length;
    const { answer } = await held(async () => board(await user()), before + 1);
    const call = leaderboard.calls[before]!;
    leaderboard.releaseAll(EMPTY_BOARD);
    expect((await answer).status).toBe(200);
    expect(call.deadline - call.receivedAt).toBeLessThanOrEqual(BUDGET_MS);
    expect(call.deadline - call.receivedAt).toBeGreaterThan(1_000);
  });
});
