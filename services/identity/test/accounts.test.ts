import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, PASSWORD, startIdentity, uniqueEmail, type StartedIdentity } from './support';

let identity: StartedIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.stop();
});

const register = (email: string, password = PASSWORD, idempotencyKey = '') =>
  identity.client.Register({ email, password, idempotencyKey });

async function usersWithEmail(email: string): Promise<number> {
  const rows = (await identity.test.database.db('users').where({ email }).count({ n: '*' })) as {
    n: number | string;
  }[];
  return Number(rows[0]!.n);
}

describe('Register', () => {
  it('returns a session token and the user, named after the e-mail local part', async () => {
    const email = uniqueEmail('John.Doe+cards');
    const session = await register(email);
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(session.sessionExpiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(session.user).toMatchObject({
      email: email.toLowerCase(),
      username: 'john.doe',
      isAdmin: false,
      banned: false,
      muted: false,
    });
    // Badges are missions': identity's user has none to give.
    expect(session.user).not.toHaveProperty('badges');
    expect(session.user!.id).toBeGreaterThan(0);
    expect(JSON.stringify(session)).not.toMatch(/scrypt|password/i);
  });

  it('gives the second user with the same local part the next free username', async () => {
    const first = await register(uniqueEmail('ann'));
    const second = await register(uniqueEmail('ann'));
    const third = await register(uniqueEmail('Ann'));
    expect([first.user!.username, second.user!.username, third.user!.username]).toEqual([
      'ann',
      'ann2',
      'ann3',
    ]);
  });

  it('refuses an e-mail that is already registered, in any letter case', async () => {
    const email = uniqueEmail('dup');
    await register(email);
    await expect(register(email.toUpperCase(), 'another password')).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Email already registered',
    });
    await expect(register(`  ${email} `)).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Email already registered',
    });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('lets only one of several concurrent sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('rush');
    const results = await Promise.allSettled([1, 2, 3, 4].map((i) => register(email, `${PASSWORD} ${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect(result.reason).toMatchObject({
        code: status.ALREADY_EXISTS,
        details: 'Email already registered',
      });
    }
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('refuses an invalid e-mail or a too-short password, creating nothing', async () => {
    await expect(register('not-an-email')).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Please enter a valid email address',
    });
    const email = uniqueEmail('short');
    await expect(register(email, 'short')).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Password must be at least 8 characters',
    });
    expect(await usersWithEmail(email)).toBe(0);
  });

  it('answers a retry with the same idempotency key with the same user, creating no duplicate', async () => {
    const email = uniqueEmail('retry');
    const key = randomUUID();
    const first = await register(email, PASSWORD, key);
    const again = await register(email, PASSWORD, key);
    expect(again.user!.id).toBe(first.user!.id);
    expect(again.user!.username).toBe(first.user!.username);
    expect(again.token).toBeTruthy();
    expect(await usersWithEmail(email)).toBe(1);
    expect(
      await outboxEvents(identity.test, 'identity.user.registered', String(first.user!.id)),
    ).toHaveLength(1);
  });

  it('answers concurrent retries with the same idempotency key with the same user', async () => {
    const email = uniqueEmail('concurrent-retry');
    const key = randomUUID();
    const sessions = await Promise.all([1, 2, 3].map(() => register(email, PASSWORD, key)));
    expect(new Set(sessions.map((s) => s.user!.id)).size).toBe(1);
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('does not sign in through a reused idempotency key without the right password', async () => {
    const email = uniqueEmail('key-owner');
    const key = randomUUID();
    await register(email, PASSWORD, key);
    await expect(register(email, 'a guessed password', key)).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: 'Email already registered',
    });
  });

  it('refuses an idempotency key already used for another e-mail', async () => {
    const key = randomUUID();
    await register(uniqueEmail('key-a'), PASSWORD, key);
    const other = uniqueEmail('key-b');
    await expect(register(other, PASSWORD, key)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    expect(await usersWithEmail(other)).toBe(0);
  });

  it('gives 10 parallel sign-ups with the same local part 10 distinct usernames', async () => {
    const sessions = await Promise.all(Array.from({ length: 10 }, () => register(uniqueEmail('crowd'))));
    const usernames = sessions.map((s) => s.user!.username).sort();
    expect(new Set(usernames).size).toBe(10);
    expect(usernames).toEqual(['crowd', ...Array.from({ length: 9 }, (_, i) => `crowd${i + 2}`)].sort());
    expect(new Set(sessions.map((s) => s.user!.id)).size).toBe(10);
  });

  it('writes identity.user.registered to the outbox exactly once per registration', async () => {
    const session = await register(uniqueEmail('evented'));
    const userId = session.user!.id;
    const events = await outboxEvents(identity.test, 'identity.user.registered', String(userId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId, username: 'evented', registeredAt: session.user!.createdAt });
  });
});

describe('Login', () => {
  it('signs in with the right password and records the login in the outbox', async () => {
    const email = uniqueEmail('Lena');
    const registered = await register(email);
    const session = await identity.client.Login({ email: email.toUpperCase(), password: PASSWORD });
    expect(session.user!.id).toBe(registered.user!.id);
    expect(session.sessionId).not.toBe(registered.sessionId);
    expect(session.user!.lastLoginAt).not.toBe('');
    const events = await outboxEvents(identity.test, 'identity.user.logged_in', String(registered.user!.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: registered.user!.id, loggedInAt: session.user!.lastLoginAt });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const email = uniqueEmail('careful');
    await register(email);
    // Both at once, settled together: neither rejection may go unhandled while the other is awaited.
    const [wrongPassword, unknownEmail] = await Promise.allSettled([
      identity.client.Login({ email, password: 'wrong password' }),
      identity.client.Login({ email: uniqueEmail('nobody'), password: PASSWORD }),
    ]);
    const expected = {
      status: 'rejected',
      reason: { code: status.UNAUTHENTICATED, details: 'Invalid email or password' },
    };
    expect(wrongPassword).toMatchObject(expected);
    expect(unknownEmail).toMatchObject(expected);
  });

  it('refuses a banned user, and their open session can no longer be refreshed', async () => {
    const email = uniqueEmail('banned');
    const session = await register(email);
    await identity.test.database.db('users').where({ id: session.user!.id }).update({ banned: true });

    await expect(identity.client.Login({ email, password: PASSWORD })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'Your account is suspended',
    });
    // A wrong password still reads as bad credentials: the ban is only told to the account holder.
    await expect(identity.client.Login({ email, password: 'wrong password' })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(identity.client.RefreshSession({ sessionId: session.sessionId })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    expect(await outboxEvents(identity.test, 'identity.user.logged_in', String(session.user!.id))).toEqual(
      [],
    );

    // The refused refresh closed the session for good: lifting the ban does not reopen it.
    await identity.test.database.db('users').where({ id: session.user!.id }).update({ banned: false });
    await expect(identity.client.RefreshSession({ sessionId: session.sessionId })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });
});

describe('sessions', () => {
  it('refreshes an open session with a new token for the same session', async () => {
    const session = await register(uniqueEmail('fresh'));
    const refreshed = await identity.client.RefreshSession({ sessionId: session.sessionId });
    expect(refreshed.sessionId).toBe(session.sessionId);
    expect(refreshed.user!.id).toBe(session.user!.id);
    expect(refreshed.sessionExpiresAt).toBe(session.sessionExpiresAt);
    expect(refreshed.token).not.toBe(session.token);
  });

  it('refuses to refresh a session after logout', async () => {
    const session = await register(uniqueEmail('leaver'));
    const other = await identity.client.Login({ email: session.user!.email, password: PASSWORD });
    expect(await identity.client.Logout({ sessionId: session.sessionId })).toEqual({ ok: true });
    await expect(identity.client.RefreshSession({ sessionId: session.sessionId })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
      details: 'Session expired',
    });
    // Only that session ended.
    await expect(identity.client.RefreshSession({ sessionId: other.sessionId })).resolves.toMatchObject({
      sessionId: other.sessionId,
    });
  });

  it('refuses to refresh an unknown session', async () => {
    await expect(identity.client.RefreshSession({ sessionId: randomUUID() })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
  });

  it('signs tokens with RS256 that verify against the published JWKS', async () => {
    const session = await register(uniqueEmail('signed'));
    const { keys } = await identity.client.GetJwks({});
    expect(keys.length).toBeGreaterThan(0);
    const jwks = { keys: keys.map((k) => JSON.parse(k.json) as JWK) };
    for (const key of jwks.keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }

    const { payload, protectedHeader } = await jwtVerify(session.token, createLocalJWKSet(jwks), {
      algorithms: ['RS256'],
      issuer: 'touchline-identity',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(keys.map((k) => k.kid)).toContain(protectedHeader.kid);
    expect(payload.sub).toBe(String(session.user!.id));
    expect(payload.sid).toBe(session.sessionId);
    expect(payload.adm).toBe(false);
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(new Date(payload.exp! * 1000).toISOString()).toBe(session.expiresAt);
  });

  it('produces tokens that fail verification once tampered with', async () => {
    const session = await register(uniqueEmail('tamper'));
    const { keys } = await identity.client.GetJwks({});
    const jwks = createLocalJWKSet({ keys: keys.map((k) => JSON.parse(k.json) as JWK) });
    const [header, payload, signature] = session.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(session.token), sub: '1', adm: true })).toString(
      'base64url',
    );
    expect(forged).not.toBe(payload);
    await expect(jwtVerify(`${header}.${forged}.${signature}`, jwks)).rejects.toThrow();
  });
});

describe('users', () => {
  it('returns a user by id, and NOT_FOUND for an unknown id', async () => {
    const session = await register(uniqueEmail('lookup'));
    await expect(identity.client.GetUser({ userId: session.user!.id })).resolves.toMatchObject({
      id: session.user!.id,
      username: 'lookup',
    });
    await expect(identity.client.GetUser({ userId: 987_654_321 })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });
});

describe('username lookups', () => {
  it('GetUsernames answers a batch of ids with their usernames only, leaving unknown ids out', async () => {
    const a = (await register(uniqueEmail('batcha'))).user!;
    const b = (await register(uniqueEmail('batchb'))).user!;
    const { usernames } = await identity.client.GetUsernames({ userIds: [b.id, 987_654_321, a.id, a.id, 0] });
    expect(usernames).toEqual([
      { id: a.id, username: a.username },
      { id: b.id, username: b.username },
    ]);
    expect(JSON.stringify(usernames)).not.toMatch(/@/);
    await expect(identity.client.GetUsernames({ userIds: [] })).resolves.toEqual({ usernames: [] });
  });

  it('FindUserByUsername finds a user in any letter case, and not a banned or unknown one', async () => {
    const found = (await register(uniqueEmail('Finder'))).user!;
    await expect(identity.client.FindUserByUsername({ username: ' FINDER ' })).resolves.toEqual({
      id: found.id,
      username: 'finder',
    });
    await identity.test.database.db('users').where({ id: found.id }).update({ banned: true });
    await expect(identity.client.FindUserByUsername({ username: 'finder' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(identity.client.FindUserByUsername({ username: 'nobody-at-all' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
    await expect(identity.client.FindUserByUsername({ username: '' })).rejects.toMatchObject({
      code: status.NOT_FOUND,
    });
  });
});
