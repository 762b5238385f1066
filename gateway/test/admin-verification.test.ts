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
const SQUATTED = 'squatted@admins.test';
const SHORT = 'short@admins.test';
/** The password the link's follower chooses. */
const OWNER_PASSWORD = 'the real owner chose this';
let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGatewayHarness({
    identityEnv: {
      ADMIN_EMAILS: [ADMIN, SQUATTED, SHORT].join(','),
      // Tokens this short are renewed on every request (the gateway renews within 2 minutes of
      // expiry): a session that survived the confirmation would come back as admin at once.
      SESSION_TOKEN_TTL_SECONDS: '30',
    },
  });
});
afterAll(async () => {
  await gw?.close();
});

function adminToken(email: string): string {
  const mail = devMailbox.list().find((m) => m.to === email);
  expect(mail?.text).toContain(`${PUBLIC_URL}/auth?verify-admin=`);
  return /\?verify-admin=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
}

const signIn = (email: string, password: string) =>
  browser(gw.baseUrl).post('/api/login').send({ email, password });

describe('POST /api/verify-admin', () => {
  it('an ADMIN_EMAILS sign-up is a player until the link is confirmed with a new password; then admin', async () => {
    const agent = browser(gw.baseUrl);
    const res = await agent.post('/api/register').send({ email: ADMIN, password: PASSWORD });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ isAdmin: false });
    expect(decodeJwt(sessionCookie(res)!.value).adm).toBe(false);
    expect((await agent.get('/api/user')).body).toMatchObject({ isAdmin: false });

    const token = adminToken(ADMIN);
    const confirmed = await agent.post('/api/verify-admin').send({ token, password: OWNER_PASSWORD });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ success: true, message: ADMIN_CONFIRMED });
    // Every session of the account ended, this one too: its cookie is cleared (the last word on it).
    const cookies = (confirmed.headers['set-cookie'] as unknown as string[]).filter((c) =>
      c.startsWith('tl_session='),
    );
    expect(cookies.at(-1)).toMatch(/^tl_session=;/);
    expectError(await agent.get('/api/user'), 401);

    const owner = await signIn(ADMIN, OWNER_PASSWORD);
    expect(owner.status, owner.text).toBe(200);
    expect(owner.body).toMatchObject({ isAdmin: true });
    expect(decodeJwt(sessionCookie(owner)!.value).adm).toBe(true);

    expectError(
      await agent.post('/api/verify-admin').send({ token, password: OWNER_PASSWORD }),
      400,
      'This verification link is invalid or has expired',
    );
  });

  it("issue 29, item 3: the owner follows the link signed out; the squatter's session and password stop working", async () => {
    // Someone registers the address with a password of their own and keeps the session open.
    const squatter = browser(gw.baseUrl);
    expect((await squatter.post('/api/register').send({ email: SQUATTED, password: PASSWORD })).status).toBe(
      201,
    );

    // The real owner receives the unsolicited link and follows it in a browser of their own.
    const owner = browser(gw.baseUrl);
    const confirmed = await owner
      .post('/api/verify-admin')
      .send({ token: adminToken(SQUATTED), password: OWNER_PASSWORD });
    expect(confirmed.status, confirmed.text).toBe(200);

    // Before: the squatter's open session renewed as admin (200 on /api/admin/users, as the issue
    // saw it with the admin service up) and their password still signed in.
    expectError(await squatter.get('/api/admin/users'), 401);
    expectError(await squatter.get('/api/user'), 401);
    expectError(await signIn(SQUATTED, PASSWORD), 401, 'Invalid email or password');

    const signedIn = await signIn(SQUATTED, OWNER_PASSWORD);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body).toMatchObject({ isAdmin: true });
  });

  it('refuses a missing or made-up token, and a password a reset would refuse, with 400 {message}', async () => {
    expectError(await browser(gw.baseUrl).post('/api/verify-admin').send({ password: OWNER_PASSWORD }), 400);
    expectError(await browser(gw.baseUrl).post('/api/verify-admin').send({ token: 'guess' }), 400);
    expectError(
      await browser(gw.baseUrl).post('/api/verify-admin').send({ token: 'guess', password: OWNER_PASSWORD }),
      400,
      'This verification link is invalid or has expired',
    );

    const agent = browser(gw.baseUrl);
    expect((await agent.post('/api/register').send({ email: SHORT, password: PASSWORD })).status).toBe(201);
    const token = adminToken(SHORT);
    const short = await agent.post('/api/verify-admin').send({ token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters' });
    // Nothing changed: still signed in, still a player, and the link still works.
    expect((await agent.get('/api/user')).body).toMatchObject({ isAdmin: false });
    expect((await agent.post('/api/verify-admin').send({ token, password: OWNER_PASSWORD })).status).toBe(
      200,
    );
  });
});
