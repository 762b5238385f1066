import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitInFlight } from '../src/middleware/in-flight';
import { TOO_MANY_IN_FLIGHT } from '../src/middleware/shedding';
import { listenLocally } from './support';

// A tiny app: X-User stands for a session, and /hold answers only when the test releases it.
const held: (() => void)[] = [];
let server: { baseUrl: string; close(): Promise<void> };

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 1);
  app.use((req, _res, next) => {
    const user = req.get('x-user');
    if (user) req.session = { userId: Number(user), sessionId: user, isAdmin: false, tokenExpiresAt: 0 };
    next();
  });
  app.use(limitInFlight({ perUser: 2, perAddress: 1, retryAfterSeconds: 4 }));
  app.get('/hold', (_req, res) => void held.push(() => res.json({ ok: true })));
  server = await listenLocally(app);
});
afterAll(() => server?.close());

const hold = (headers: Record<string, string>) => request(server.baseUrl).get('/hold').set(headers);

/** Sends and waits until the app holds `count` requests in all; the pending answer comes wrapped. */
async function sent(headers: Record<string, string>, count: number) {
  const answer = Promise.resolve(hold(headers));
  while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
  return { answer };
}

const releaseAll = () => held.splice(0).forEach((release) => release());

describe('requests in flight per client', () => {
  it("counts a signed-in user's requests from every address, and refuses one more with 429", async () => {
    const a = await sent({ 'x-user': '7', 'x-forwarded-for': '10.1.0.1' }, 1);
    const b = await sent({ 'x-user': '7', 'x-forwarded-for': '10.1.0.2' }, 2);
    const refused = await hold({ 'x-user': '7', 'x-forwarded-for': '10.1.0.3' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('4');
    expect(refused.body).toEqual({ message: TOO_MANY_IN_FLIGHT });
    // Another user is not affected.
    const other = await sent({ 'x-user': '8', 'x-forwarded-for': '10.1.0.1' }, 3);
    releaseAll();
    for (const { answer } of [a, b, other]) expect((await answer).status).toBe(200);
    // Answered: the user may send again.
    const again = await sent({ 'x-user': '7' }, 1);
    releaseAll();
    expect((await again.answer).status).toBe(200);
  });

  it('counts requests without a session by address', async () => {
    const first = await sent({ 'x-forwarded-for': '10.2.0.1' }, 1);
    expect((await hold({ 'x-forwarded-for': '10.2.0.1' })).status).toBe(429);
    // Another address, or a signed-in user at the same address, is not counted with it.
    const elsewhere = await sent({ 'x-forwarded-for': '10.2.0.2' }, 2);
    const signedIn = await sent({ 'x-forwarded-for': '10.2.0.1', 'x-user': '9' }, 3);
    releaseAll();
    for (const { answer } of [first, elsewhere, signedIn]) expect((await answer).status).toBe(200);
  });
});
