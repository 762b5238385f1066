import { createHash } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { decodeJwt } from 'jose';
import { devMailbox, type Clock } from '@touchline/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../src/use-cases/admin-email';
import { PASSWORD, startIdentity, uniqueEmail, type StartedIdentity } from './support';

/**
 * Issue 9, item 6: whoever registered with an ADMIN_EMAILS address was admin at once, without ever
 * reading that mailbox. Now the address must follow an e-mailed, single-use link first.
 */
const URL_BASE = 'https://touchline.test/auth';
const INVALID = {
  code: status.INVALID_ARGUMENT,
  details: 'This verification link is invalid or has expired',
};

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const ADMINS = [
  'chief@admins.test',
  'deputy@admins.test',
  'late@admins.test',
  'twice@admins.test',
  'squatted@admins.test',
  'short@admins.test',
];
/** What the link's follower chooses: the owner's password from then on. */
const OWNER_PASSWORD = 'the real owner chose this';
const UNAUTHENTICATED = { code: status.UNAUTHENTICATED };
let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({
    clock,
    env: { ADMIN_EMAILS: ADMINS.map((e) => e.toUpperCase()).join(',') },
  });
});
afterAll(async () => {
  await identity?.stop();
});
afterEach(() => {
  offsetMs = 0;
});

const mailsTo = (email: string) => devMailbox.list().filter((m) => m.to === email);

function tokenIn(text: string): string {
  const match = /https:\/\/touchline\.test\/auth\?verify-admin=([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

const register = (email: string) =>
  identity.client.Register({ email, password: PASSWORD, idempotencyKey: '', adminVerifyUrlBase: URL_BASE });
const login = (email: string, password = PASSWORD) =>
  identity.client.Login({ email, password, adminVerifyUrlBase: URL_BASE });
const confirm = (token: string, newPassword = OWNER_PASSWORD) =>
  identity.client.ConfirmAdminEmail({ token, newPassword });
const isAdmin = async (id: number) => (await identity.client.GetUser({ userId: id })).isAdmin;

describe('ADMIN_EMAILS needs a verified mailbox', () => {
  it('registering with an ADMIN_EMAILS address is not admin until the e-mailed link is followed, once', async () => {
    const email = ADMINS[0]!;
    const session = await register('Chief@Admins.test');
    expect(session.user!.isAdmin).toBe(false);
    expect(decodeJwt(session.token).adm).toBe(false);
    expect(await isAdmin(session.user!.id)).toBe(false);
    // Signing in again is not enough either.
    expect((await login(email)).user!.isAdmin).toBe(false);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(1); // the sign-in did not send a second link while the first works
    const token = tokenIn(mails[0]!.text);
    const stored = await identity.test.database
      .db('admin_verifications')
      .where({ user_id: session.user!.id });
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await confirm(token);
    expect(confirmed.user).toMatchObject({ id: session.user!.id, isAdmin: true });
    expect((await login(email, OWNER_PASSWORD)).user!.isAdmin).toBe(true);
    expect(decodeJwt((await login(email, OWNER_PASSWORD)).token).adm).toBe(true);
    await expect(confirm(token)).rejects.toMatchObject(INVALID);
  });

  it('an address outside ADMIN_EMAILS gets no link and never becomes admin', async () => {
    const email = uniqueEmail('player');
    const session = await register(email);
    expect(mailsTo(email.toLowerCase())).toHaveLength(0);
    expect(session.user!.isAdmin).toBe(false);
  });

  it('refuses an expired link, an unknown one, and one whose address left ADMIN_EMAILS', async () => {
    const email = ADMINS[1]!;
    const session = await register(email);
    const token = tokenIn(mailsTo(email)[0]!.text);
    offsetMs = 25 * 3600 * 1000; // the link lives 24 hours
    await expect(confirm(token)).rejects.toMatchObject(INVALID);
    expect(await isAdmin(session.user!.id)).toBe(false);
    // A sign-in after expiry sends a fresh link.
    await login(email);
    expect(mailsTo(email)).toHaveLength(2);
    await expect(confirm('made-up')).rejects.toMatchObject(INVALID);
    await expect(confirm('')).rejects.toMatchObject(INVALID);

    const other = await startIdentity({ env: { ADMIN_EMAILS: 'someone-else@admins.test' } });
    try {
      const s = await other.client.Register({
        email: 'late@admins.test',
        password: PASSWORD,
        idempotencyKey: '',
        adminVerifyUrlBase: URL_BASE,
      });
      expect(mailsTo('late@admins.test')).toHaveLength(0);
      // A link minted while the address was listed no longer works once the operator removes it.
      await other.test.database.db('admin_verifications').insert({
        token_hash: createHash('sha256').update('left-the-list').digest('hex'),
        user_id: s.user!.id,
        email: 'late@admins.test',
        created_at: new Date(),
        expires_at: new Date(Date.now() + 3600_000),
      });
      await expect(
        other.client.ConfirmAdminEmail({ token: 'left-the-list', newPassword: OWNER_PASSWORD }),
      ).rejects.toMatchObject(INVALID);
      expect((await other.client.GetUser({ userId: s.user!.id })).isAdmin).toBe(false);
    } finally {
      await other.stop();
    }
  });

  it('two clicks on one link at once: one confirms, the other is refused', async () => {
    const email = ADMINS[3]!;
    const session = await register(email);
    const token = tokenIn(mailsTo(email)[0]!.text);
    const results = await Promise.allSettled([confirm(token), confirm(token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await isAdmin(session.user!.id)).toBe(true);
  });
});

describe('issue 29, item 3: someone registered an ADMIN_EMAILS address before its owner', () => {
  it("the owner's link sets the owner's password and closes the squatter's sessions", async () => {
    const email = ADMINS[4]!;
    // The squatter signs up with a password of their choosing and keeps two sessions open.
    const squatter = await register(email);
    const again = await login(email);
    // The owner receives the unsolicited link and follows it, signed out, choosing a password.
    const confirmed = await confirm(tokenIn(mailsTo(email)[0]!.text));

    // Before: both sessions renewed as admin, and the squatter's password kept working.
    for (const { sessionId } of [squatter, again]) {
      await expect(identity.client.RefreshSession({ sessionId })).rejects.toMatchObject(UNAUTHENTICATED);
    }
    await expect(login(email)).rejects.toMatchObject(UNAUTHENTICATED);
    expect(confirmed.user).toMatchObject({ id: squatter.user!.id, isAdmin: true });
    expect([...confirmed.revokedSessionIds].sort()).toEqual([squatter.sessionId, again.sessionId].sort());
    const revoked = await identity.client.ListRevokedSessions({ revokedSince: '' });
    expect(revoked.sessions.map((s) => s.sessionId)).toEqual(
      expect.arrayContaining([squatter.sessionId, again.sessionId]),
    );
    expect((await login(email, OWNER_PASSWORD)).user).toMatchObject({ id: squatter.user!.id, isAdmin: true });
  });

  it('refuses a password that a reset would refuse, and leaves the link, the password and the sessions as they were', async () => {
    const email = ADMINS[5]!;
    const session = await register(email);
    const token = tokenIn(mailsTo(email)[0]!.text);
    await expect(confirm(token, 'short')).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Password must be at least 8 characters',
    });
    expect(await isAdmin(session.user!.id)).toBe(false);
    expect((await identity.client.RefreshSession({ sessionId: session.sessionId })).sessionId).toBe(
      session.sessionId,
    );
    expect((await confirm(token)).user!.isAdmin).toBe(true);
  });
});

describe('grantAdmin (npm run admin:grant)', () => {
  it('makes an existing account admin, whatever the letter case; an unknown address is NOT_FOUND', async () => {
    const email = uniqueEmail('operator-pick');
    const session = await register(email);
    const granted = await grantAdmin(identity.test.database.db, `  ${email.toUpperCase()} `);
    expect(granted).toMatchObject({ id: session.user!.id, is_admin: true });
    expect(await isAdmin(session.user!.id)).toBe(true);
    await expect(grantAdmin(identity.test.database.db, 'nobody@nowhere.test')).rejects.toMatchObject({
      message: expect.stringContaining('No account'),
    });
  });
});
