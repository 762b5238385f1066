import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMED_OUT_MESSAGE } from '@touchline/kit';
import type { HeldUpstream } from '@touchline/kit/testing';
import { BUSY_MESSAGE, STILL_CONFIRMING } from '../src/middleware/shedding';
import { startHeldGateway, type HeldGateway } from './held-gateway';
import { randomIp } from './support';

// Issue 41, item 6: overload is a refusal, never a timeout. Identity for real (sessions); a
// leaderboard and missions that answer nothing until the test releases them. One slot per upstream,
// a queue of 8, waits of 1 s at most (a read's 100 ms, the default), a budget of 1.5 s per request.
const BUDGET_MS = 1_500;
const GATE_WAIT_MS = 1_000;
const READ_WAIT_MS = 100;
const MISSIONS = { daily: [], weekly: [] };

let gateway: HeldGateway<'leaderboard' | 'missions'>;
let leaderboard: HeldUpstream;
let missions: HeldUpstream;
let nextUser = 3_000_000;

beforeAll(async () => {
  gateway = await startHeldGateway({
    hold: { leaderboard: ['GetTop'], missions: ['ListMissions', 'ClaimMission'] },
    shed: { concurrency: 1, queue: 8, maxWaitMs: GATE_WAIT_MS, retryAfterSeconds: 3 },
    config: {
      SHED_RETRY_AFTER_S: '3',
      UPSTREAM_TIMEOUT_MS: String(BUDGET_MS),
      UPSTREAM_READ_QUEUE_WAIT_MS: String(READ_WAIT_MS),
    },
  });
  ({ leaderboard, missions } = gateway.held);
}, 120_000);

afterAll(() => gateway?.stop());

/** A signed-in user's cookie (a fresh session of a user id no one else uses). */
const user = () => gateway.cookie(nextUser++);

const get = async (path: string) =>
  request(gateway.baseUrl)
    .get(path)
    .set('Cookie', await user())
    .set('X-Forwarded-For', randomIp());

const claim = async (key?: string) => {
  const req = request(gateway.baseUrl)
    .post('/api/missions/7/claim')
    .set('Cookie', await user())
    .set('X-Forwarded-For', randomIp())
    .send({});
  return key ? req.set('Idempotency-Key', key) : req;
};

/** Sends the request; resolves with its pending answer once `upstream` holds `count` calls in all. */
async function heldAt<T>(
  upstream: HeldUpstream,
  send: () => PromiseLike<T>,
  count: number,
): Promise<{ answer: Promise<T> }> {
  const answer = Promise.resolve(send());
  while (upstream.calls.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  return { answer };
}

/** The answer and how long it took, from the moment it was sent. */
async function timed<T>(send: () => PromiseLike<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await send();
  return { answer, ms: performance.now() - started };
}

function expectRefusal(res: request.Response): void {
  expect(res.status, res.text).toBe(503);
  expect(res.headers['retry-after']).toBe('3');
  expect(res.body).toEqual({ message: BUSY_MESSAGE });
}

describe('overload is a refusal, never a timeout', () => {
  // The missions upstream first: its gate has seen no call end yet, so no service time to estimate from.
  it('refuses a read that would wait for a slot longer than 100 ms: 503 with Retry-After, unsent', async () => {
    const before = missions.calls.length;
    const { answer: holding } = await heldAt(missions, () => get('/api/missions'), before + 1);

    const { answer: refused, ms } = await timed(() => get('/api/missions'));
    expectRefusal(refused);
    // Within the read's wait, not the gate's 1 s (nor the budget's 1.5 s): the player hears at once.
    expect(ms).toBeLessThan(GATE_WAIT_MS / 2);
    expect(missions.calls.length).toBe(before + 1);

    missions.releaseAll(MISSIONS);
    expect((await holding).status).toBe(200);
  });

  it('lets a change wait the gate’s own time for a slot, then refuses it unsent: 503, never 202', async () => {
    const before = missions.calls.length;
    const { answer: holding } = await heldAt(missions, () => get('/api/missions'), before + 1);

    const { answer: refused, ms } = await timed(() => claim(randomUUID()));
    expectRefusal(refused);
    // Nothing was sent, so nothing is pending: the same key may be sent again as a new try.
    expect(ms).toBeGreaterThanOrEqual(GATE_WAIT_MS - 50);
    expect(missions.calls.length).toBe(before + 1);

    missions.releaseAll(MISSIONS);
    expect((await holding).status).toBe(200);
  });

  it('answers a read whose upstream deadline passed 503 with Retry-After, not 504', async () => {
    const before = leaderboard.calls.length;
    const { answer, ms } = await timed(() => get('/api/leaderboard'));
    expectRefusal(answer);
    expect(leaderboard.calls.length).toBe(before + 1);
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 50);
  });

  it('answers a keyed change whose deadline passed upstream 202 pending: the same key asks for its outcome', async () => {
    const before = missions.calls.length;
    const res = await claim(randomUUID());
    expect(missions.calls.length).toBe(before + 1);
    expect(res.status, res.text).toBe(202);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ status: 'pending', message: STILL_CONFIRMING });
  });

  it('answers a change without a key whose deadline passed upstream 504: its outcome is unknown', async () => {
    const before = missions.calls.length;
    const res = await claim();
    expect(missions.calls.length).toBe(before + 1);
    expect(res.status, res.text).toBe(504);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.body).toEqual({ message: TIMED_OUT_MESSAGE });
  });
});
