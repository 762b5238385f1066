import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devMailbox } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { startGateway, type RunningGateway } from '../src/index';
import { SESSION_COOKIE } from '../src/session';
import {
  browser,
  expectError,
  gatewayConfig,
  PASSWORD,
  sessionCookie,
  startGatewayHarness,
  uniqueEmail,
  type GatewayHarness,
} from './support';

/**
 * Issue 9, item 3: without Redis the gateway kept revocations in process memory, so after a restart a
 * logged-out token (or one from before a password reset) worked again until it expired; and changing
 * the password left the user's other sessions signed in.
 */
let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGatewayHarness();
});
afterAll(async () => {
  await gw?.close();
});

/** A gateway process of its own (as `npm start` runs it), with the store chosen by REDIS_URL. */
function startOwnGateway(redisUrl = ''): Promise<RunningGateway> {
  return startGateway(
    gatewayConfig({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl }),
    gw.addresses,
    silentLogger,
  );
}
const urlOf = (g: RunningGateway) => `http://127.0.0.1:${g.port}`;

/** Signs in through `baseUrl` and returns the raw session token. */
async function signIn(baseUrl: string, email: string, password = PASSWORD): Promise<string> {
  const res = await browser(baseUrl).post('/api/login').send({ email, password });
  expect(res.status, res.text).toBe(200);
  return sessionCookie(res)!.value;
}
const withToken = (baseUrl: string, token: string) =>
  browser(baseUrl).get('/api/user').set('Cookie', `${SESSION_COOKIE}=${token}`);

async function registered(baseUrl: string, local: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(local);
  const res = await browser(baseUrl).post('/api/register').send({ email, password: PASSWORD });
  expect(res.status, res.text).toBe(201);
  return { email, token: sessionCookie(res)!.value };
}

/** Redis restarted without persistence: the gateway's revocation keys are gone. */
async function forgetRedisRevocations(): Promise<void> {
  const redis = gw.store.redis!;
  const keys = await redis.keys('revoked:session:*');
  if (keys.length > 0) await redis.del(...keys);
}

const stores = [
  { name: 'process memory (no Redis)', url: '' },
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'Redis that lost its data', url: process.env.TEST_REDIS_URL }]
    : []),
];

describe.each(stores)('revocations survive a gateway restart: $name', ({ url }) => {
  it('a logged-out token is refused after the restart', async () => {
    let gateway = await startOwnGateway(url);
    try {
      const { email, token: loggedOut } = await registered(urlOf(gateway), 'restarted');
      const stillIn = await signIn(urlOf(gateway), email);
      const out = await browser(urlOf(gateway))
        .post('/api/logout')
        .set('Cookie', `${SESSION_COOKIE}=${loggedOut}`);
      expect(out.status).toBe(200);
      expectError(await withToken(urlOf(gateway), loggedOut), 401, 'Not signed in');

      await gateway.close();
      if (url) await forgetRedisRevocations();
      gateway = await startOwnGateway(url);
      expectError(await withToken(urlOf(gateway), loggedOut), 401, 'Not signed in');
      expect((await withToken(urlOf(gateway), stillIn)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('a token from before a password reset is refused after the restart', async () => {
    let gateway = await startOwnGateway(url);
    try {
      const { email, token: before } = await registered(urlOf(gateway), 'reset-restart');
      await browser(urlOf(gateway)).post('/api/forgot-password').send({ email });
      const mail = devMailbox.list().find((m) => m.to === email);
      const resetToken = /\?reset=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      const reset = await browser(urlOf(gateway))
        .post('/api/reset-password')
        .send({ token: resetToken, password: 'a brand new passphrase' });
      expect(reset.status, reset.text).toBe(200);

      await gateway.close();
      if (url) await forgetRedisRevocations();
      gateway = await startOwnGateway(url);
      expectError(await withToken(urlOf(gateway), before), 401, 'Not signed in');
    } finally {
      await gateway.close();
    }
  });
});

describe('changing the password (Settings)', () => {
  it('signs every other session of the user out at once and keeps the one that asked', async () => {
    const { email, token: asking } = await registered(gw.baseUrl, 'settings');
    const phone = await signIn(gw.baseUrl, email);
    const laptop = await signIn(gw.baseUrl, email);
    const other = await registered(gw.baseUrl, 'someone-else');
    for (const t of [asking, phone, laptop]) expect((await withToken(gw.baseUrl, t)).status).toBe(200);

    const changed = await browser(gw.baseUrl)
      .post('/api/user/change-password')
      .set('Cookie', `${SESSION_COOKIE}=${asking}`)
      .send({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
    expect(changed.status, changed.text).toBe(200);

    expectError(await withToken(gw.baseUrl, phone), 401, 'Not signed in');
    expectError(await withToken(gw.baseUrl, laptop), 401, 'Not signed in');
    expect((await withToken(gw.baseUrl, asking)).status).toBe(200);
    expect((await withToken(gw.baseUrl, other.token)).status).toBe(200);
    // And a restarted gateway agrees.
    const gateway = await startOwnGateway();
    try {
      expectError(await withToken(urlOf(gateway), phone), 401, 'Not signed in');
      expect((await withToken(urlOf(gateway), asking)).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two replicas on one Redis', () => {
  it('a session closed through one replica is refused by the other without a Redis read per request', async () => {
    const [a, b] = await Promise.all([
      startOwnGateway(process.env.TEST_REDIS_URL),
      startOwnGateway(process.env.TEST_REDIS_URL),
    ]);
    try {
      const { token } = await registered(urlOf(a), 'two-replicas');
      // B has read identity's list now: its next read is 5 s away, so only A's publication can tell it.
      expect((await withToken(urlOf(b), token)).status).toBe(200);
      const out = await browser(urlOf(a)).post('/api/logout').set('Cookie', `${SESSION_COOKIE}=${token}`);
      expect(out.status).toBe(200);
      await vi.waitFor(async () => expectError(await withToken(urlOf(b), token), 401, 'Not signed in'), {
        timeout: 3_000,
        interval: 50,
      });
      expect(await gw.store.redis!.keys('revoked:session:*')).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
