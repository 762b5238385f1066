import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@touchline/kit';
import { ADMIN_CONFIRMED } from '../src/routes/auth';
import {
  browser,
  expectError,
  PASSWORD,
  PUBLIC_URL,
  sessionCookie,
  startGatewayHarness,
  type GatewayHarness,
} from './support';

/** Issue 9, item 6, through the gateway: the link lands in the (dev) mailbox and the auth page posts it. */
const ADMIN = 'ops-lead@admins.test';
let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGatewayHarness({ identityEnv: { ADMIN_EMAILS: ADMIN } });
});
afterAll(async () => {
  await gw?.close();
});

describe('POST /api/verify-admin', () => {
  it('an ADMIN_EMAILS sign-up is a player until the e-mailed link is confirmed; then admin at once', async () => {
    const agent = browser(gw.baseUrl);
    const res = await agent.post('/api/register').send({ email: ADMIN, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isAdmin: false });
    expect(decodeJwt(sessionCookie(res)!.value).adm).toBe(false);
    expect((await agent.get('/api/user')).body).toMatchObject({ isAdmin: false });

    const mail = devMailbox.list().find((m) => m.to === ADMIN);
    expect(mail?.text).toContain(`${PUBLIC_URL}/auth?verify-admin=`);
    const token = /\?verify-admin=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const confirmed = await agent.post('/api/verify-admin').send({ token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ success: true, message: ADMIN_CONFIRMED });
    // The session's token is renewed on the spot: admin now, not after the next renewal.
    expect(decodeJwt(sessionCookie(confirmed)!.value).adm).toBe(true);
    expect((await agent.get('/api/user')).body).toMatchObject({ isAdmin: true });

    expectError(
      await agent.post('/api/verify-admin').send({ token }),
      400,
      'This verification link is invalid or has expired',
    );
  });

  it('refuses a missing or made-up token with 400 {message}', async () => {
    expectError(await browser(gw.baseUrl).post('/api/verify-admin').send({}), 400);
    expectError(
      await browser(gw.baseUrl).post('/api/verify-admin').send({ token: 'guess' }),
      400,
      'This verification link is invalid or has expired',
    );
  });
});
