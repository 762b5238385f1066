import { status } from '@grpc/grpc-js';
import { devMailbox, type Clock } from '@touchline/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replaceOutdatedHash } from '../src/db/users';
import { olderPasswordHash } from './older-hash';
import { PASSWORD, startIdentity, uniqueEmail, type StartedIdentity } from './support';

const RESET_URL_BASE = 'https://touchline.test/auth';
const NEW_PASSWORD = 'a brand new passphrase';
const INVALID_LINK = { code: status.INVALID_ARGUMENT, details: 'This reset link is invalid or has expired' };

/** Real time, shifted by `offsetMs`: lets a test step past the reset link's lifetime. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity({ clock });
});

afterAll(async () => {
  await identity?.stop();
});

afterEach(() => {
  offsetMs = 0;
});

const mailsTo = (email: string) => devMailbox.list().filter((m) => m.to === email.toLowerCase());

async function registered(local: string) {
  const email = uniqueEmail(local);
  const session = await identity.client.Register({ email, password: PASSWORD, idempotencyKey: '' });
  return { email, session };
}

/** Asks for a reset link (typing the address as `typed`) and returns the token from the newest e-mail to that address. */
async function requestReset(email: string, typed = email): Promise<string> {
  const before = mailsTo(email).length;
  expect(await identity.client.RequestPasswordReset({ email: typed, resetUrlBase: RESET_URL_BASE })).toEqual({
    ok: true,
  });
  const mails = mailsTo(email);
  expect(mails).toHaveLength(before + 1);
  const match = /https:\/\/touchline\.test\/auth\?reset=([A-Za-z0-9_-]+)/.exec(mails[0]!.text);
  expect(match, mails[0]!.text).not.toBeNull();
  return match![1]!;
}

const login = (email: string, password: string) => identity.client.Login({ email, password });

describe('RequestPasswordReset', () => {
  it('answers ok for an unknown e-mail and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const before = devMailbox.list().length;
    expect(await identity.client.RequestPasswordReset({ email, resetUrlBase: RESET_URL_BASE })).toEqual({
      ok: true,
    });
    expect(devMailbox.list()).toHaveLength(before);
  });

  it('e-mails a single link built on resetUrlBase to a known account, storing only a hash', async () => {
    const { email, session } = await registered('Forgetful');
    const token = await requestReset(email, ` ${email.toUpperCase()} `);
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe('Reset your Touchline password');
    expect(mail.text).toContain(`${RESET_URL_BASE}?reset=${token}`);
    expect(mail.text).toContain('forgetful');
    expect(mail.html).toContain(`${RESET_URL_BASE}?reset=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const rows = (await identity.test.database
      .db('password_resets')
      .where({ user_id: session.user!.id })) as {
      token_hash: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('sends nothing to a banned account', async () => {
    const { email, session } = await registered('banned-reset');
    await identity.test.database.db('users').where({ id: session.user!.id }).update({ banned: true });
    expect(await identity.client.RequestPasswordReset({ email, resetUrlBase: RESET_URL_BASE })).toEqual({
      ok: true,
    });
    expect(mailsTo(email)).toEqual([]);
  });
});

describe('ResetPassword', () => {
  it('sets the new password once, and signs every earlier session out', async () => {
    const { email, session } = await registered('resetter');
    const second = await login(email, PASSWORD);
    const token = await requestReset(email);

    const { revokedSessionIds } = await identity.client.ResetPassword({ token, newPassword: NEW_PASSWORD });
    expect([...revokedSessionIds].sort()).toEqual([session.sessionId, second.sessionId].sort());
    await expect(
      identity.client.ResetPassword({ token, newPassword: 'yet another password' }),
    ).rejects.toMatchObject(INVALID_LINK);

    await expect(login(email, PASSWORD)).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
    await expect(login(email, 'yet another password')).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    const fresh = await login(email, NEW_PASSWORD);
    expect(fresh.user!.id).toBe(session.user!.id);

    for (const earlier of [session, second]) {
      await expect(identity.client.RefreshSession({ sessionId: earlier.sessionId })).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
      });
    }
    await expect(identity.client.RefreshSession({ sessionId: fresh.sessionId })).resolves.toMatchObject({
      sessionId: fresh.sessionId,
    });
  });

  it('honours only the newest link when several were requested', async () => {
    const { email } = await registered('twice');
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect(newer).not.toBe(older);

    await expect(
      identity.client.ResetPassword({ token: older, newPassword: NEW_PASSWORD }),
    ).rejects.toMatchObject(INVALID_LINK);
    await expect(login(email, NEW_PASSWORD)).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
    expect(await identity.client.ResetPassword({ token: newer, newPassword: NEW_PASSWORD })).toMatchObject({
      revokedSessionIds: expect.any(Array),
    });
    await expect(login(email, NEW_PASSWORD)).resolves.toBeDefined();
  });

  it('refuses a link past its lifetime', async () => {
    const { email } = await registered('late');
    const token = await requestReset(email);
    offsetMs = 61 * 60_000; // PASSWORD_RESET_TTL_MINUTES defaults to 60
    await expect(identity.client.ResetPassword({ token, newPassword: NEW_PASSWORD })).rejects.toMatchObject(
      INVALID_LINK,
    );
    offsetMs = 0;
    await expect(login(email, PASSWORD)).resolves.toBeDefined();
  });

  it('refuses an unknown token', async () => {
    await expect(
      identity.client.ResetPassword({ token: 'made-up-token', newPassword: NEW_PASSWORD }),
    ).rejects.toMatchObject(INVALID_LINK);
  });

  it('refuses a too-short new password without using up the link', async () => {
    const { email } = await registered('hasty');
    const token = await requestReset(email);
    await expect(identity.client.ResetPassword({ token, newPassword: 'short' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Password must be at least 8 characters',
    });
    expect(await identity.client.ResetPassword({ token, newPassword: NEW_PASSWORD })).toMatchObject({
      revokedSessionIds: expect.any(Array),
    });
    await expect(login(email, NEW_PASSWORD)).resolves.toBeDefined();
  });
});

describe('ListRevokedSessions', () => {
  it('lists sessions closed within one token lifetime (or since the time asked), not older ones', async () => {
    const { session: old } = await registered('long-gone');
    await identity.client.Logout({ sessionId: old.sessionId });
    offsetMs = 16 * 60_000; // past the 15-minute token lifetime: its tokens have expired anyway
    const { session: recent } = await registered('just-left');
    await identity.client.Logout({ sessionId: recent.sessionId });
    const all = await identity.client.ListRevokedSessions({ revokedSince: '' });
    const ids = all.sessions.map((s) => s.sessionId);
    expect(ids).toContain(recent.sessionId);
    expect(ids).not.toContain(old.sessionId);
    const later = await identity.client.ListRevokedSessions({
      revokedSince: new Date(Date.parse(all.asOf) + 1000).toISOString(),
    });
    expect(later.sessions.map((s) => s.sessionId)).not.toContain(recent.sessionId);
    await expect(identity.client.ListRevokedSessions({ revokedSince: 'yesterday' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('ChangePassword', () => {
  it('refuses a wrong current password and keeps the old one', async () => {
    const { email, session } = await registered('changer');
    await expect(
      identity.client.ChangePassword({
        userId: session.user!.id,
        currentPassword: 'not my password',
        newPassword: NEW_PASSWORD,
      }),
    ).rejects.toMatchObject({ code: status.UNAUTHENTICATED, details: 'Current password is incorrect' });
    await expect(login(email, PASSWORD)).resolves.toBeDefined();
    await expect(login(email, NEW_PASSWORD)).rejects.toMatchObject({ code: status.UNAUTHENTICATED });
  });

  it('refuses a too-short new password', async () => {
    const { email, session } = await registered('short-changer');
    await expect(
      identity.client.ChangePassword({
        userId: session.user!.id,
        currentPassword: PASSWORD,
        newPassword: 'short',
      }),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Password must be at least 8 characters',
    });
    await expect(login(email, PASSWORD)).resolves.toBeDefined();
  });

  it('with the right current password, the new password replaces the old one', async () => {
    const { email, session } = await registered('mover');
    expect(
      await identity.client.ChangePassword({
        userId: session.user!.id,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        sessionId: session.sessionId,
      }),
    ).toEqual({ revokedSessionIds: [] });
    await expect(login(email, PASSWORD)).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: 'Invalid email or password',
    });
    await expect(login(email, NEW_PASSWORD)).resolves.toMatchObject({ user: { id: session.user!.id } });
  });

  it('issue 9: signs every other session of the user out at once, keeps the asking one, and lists them as revoked', async () => {
    const { email, session: asking } = await registered('many-devices');
    const phone = await login(email, PASSWORD);
    const laptop = await login(email, PASSWORD);
    const { session: stranger } = await registered('bystander');
    const { revokedSessionIds } = await identity.client.ChangePassword({
      userId: asking.user!.id,
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      sessionId: asking.sessionId,
    });
    expect(revokedSessionIds.sort()).toEqual([phone.sessionId, laptop.sessionId].sort());
    for (const closed of [phone, laptop]) {
      await expect(identity.client.RefreshSession({ sessionId: closed.sessionId })).rejects.toMatchObject({
        code: status.UNAUTHENTICATED,
      });
    }
    await expect(identity.client.RefreshSession({ sessionId: asking.sessionId })).resolves.toBeDefined();
    await expect(identity.client.RefreshSession({ sessionId: stranger.sessionId })).resolves.toBeDefined();

    const listed = await identity.client.ListRevokedSessions({ revokedSince: '' });
    const ids = listed.sessions.map((s) => s.sessionId);
    expect(ids).toEqual(expect.arrayContaining([phone.sessionId, laptop.sessionId]));
    expect(ids).not.toContain(asking.sessionId);
    expect(listed.tokenTtlSeconds).toBe(900);
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    await expect(
      identity.client.ChangePassword({
        userId: 987_654_321,
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
      }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('hashes made with older parameters', () => {
  const storedHash = async (email: string) =>
    (
      (await identity.test.database.db('users').where({ email }).first('password_hash')) as {
        password_hash: string;
      }
    ).password_hash;

  it("are made again with today's parameters at the next sign-in, which goes on working", async () => {
    const { email } = await registered('older');
    await identity.test.database
      .db('users')
      .where({ email })
      .update({ password_hash: olderPasswordHash(PASSWORD) });

    await identity.client.Login({ email, password: PASSWORD });
    expect(await storedHash(email)).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(identity.client.Login({ email, password: PASSWORD })).resolves.toMatchObject({
      user: { email },
    });
    await expect(identity.client.Login({ email, password: 'not the password' })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });

  it('are not made again over a password changed since the sign-in verified the old one', async () => {
    const { email } = await registered('changed');
    const verified = olderPasswordHash(PASSWORD);
    const changedMeanwhile = olderPasswordHash(NEW_PASSWORD);
    const db = identity.test.database.db;
    await db('users').where({ email }).update({ password_hash: changedMeanwhile });
    const { id } = (await db('users').where({ email }).first('id')) as { id: number };

    const replaced = await db.transaction((trx) => replaceOutdatedHash(trx, id, verified, 'scrypt$new'));

    expect(replaced).toBe(false);
    expect(await storedHash(email)).toBe(changedMeanwhile);
  });
});
