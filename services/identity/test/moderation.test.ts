import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_TOO_LONG } from '@touchline/rules';
import { grantAdmin } from '../src/use-cases/admin-email';
import {
  ADMIN_EMAIL,
  outboxEvents,
  PASSWORD,
  startIdentity,
  uniqueEmail,
  type StartedIdentity,
} from './support';

let identity: StartedIdentity;
let keys = 0;
const key = () => `mod-${++keys}`;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

async function player(): Promise<{ id: number; email: string; sessionId: string }> {
  const email = uniqueEmail('player');
  const session = await identity.client.Register({ email, password: PASSWORD, idempotencyKey: key() });
  return { id: session.user!.id, email, sessionId: session.sessionId };
}

const ban = (userId: number, value = true, reason = '') =>
  identity.client.SetBanned({ userId, value, actorUserId: 1, idempotencyKey: key(), reason });

describe('SetBanned', () => {
  it('closes every session at once, refuses sign-in and renewal, and announces it once', async () => {
    const p = await player();
    const second = await identity.client.Login({ email: p.email, password: PASSWORD });
    const { user, revokedSessionIds } = await ban(p.id);
    expect(user).toMatchObject({ id: p.id, banned: true });
    expect(revokedSessionIds.sort()).toEqual([p.sessionId, second.sessionId].sort());
    await expect(identity.client.RefreshSession({ sessionId: second.sessionId })).rejects.toMatchObject({
      code: status.UNAUTHENTICATED,
    });
    await expect(identity.client.Login({ email: p.email, password: PASSWORD })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
    });
    // A retry whose answer was lost still lists the sessions, and publishes nothing new.
    expect((await ban(p.id)).revokedSessionIds.sort()).toEqual(revokedSessionIds.sort());
    expect(await outboxEvents(identity.test, 'identity.user.banned', String(p.id))).toEqual([
      expect.objectContaining({ userId: p.id, banned: true, actorUserId: 1 }),
    ]);
  });

  // Issue 30 item 5: a banned player who signs in learns that the account is suspended, and why.
  it('keeps a ban reason, trimmed, and a sign-in reads it; unban clears it', async () => {
    const p = await player();
    const { user } = await ban(p.id, true, '  Spamming   the market\n ');
    expect(user).toMatchObject({ banned: true, banReason: 'Spamming the market' });
    await expect(identity.client.Login({ email: p.email, password: PASSWORD })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
      details: 'Your account is suspended. Reason: Spamming the market',
    });
    const { user: unbanned } = await ban(p.id, false);
    expect(unbanned).toMatchObject({ banned: false, banReason: '' });
    await ban(p.id);
    await expect(identity.client.Login({ email: p.email, password: PASSWORD })).rejects.toMatchObject({
      details: 'Your account is suspended',
    });
  });

  it('a reason too long is refused and bans nobody; the wrong password learns nothing of a ban', async () => {
    const p = await player();
    await expect(ban(p.id, true, 'x'.repeat(201))).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: REASON_TOO_LONG,
    });
    expect((await identity.client.GetUser({ userId: p.id })).banned).toBe(false);
    await ban(p.id, true, 'Fraud');
    await expect(identity.client.Login({ email: p.email, password: 'wrong password' })).rejects.toMatchObject(
      {
        code: status.UNAUTHENTICATED,
      },
    );
  });

  it('unban lets the user sign in again', async () => {
    const p = await player();
    await ban(p.id);
    const { user, revokedSessionIds } = await ban(p.id, false);
    expect(user!.banned).toBe(false);
    expect(revokedSessionIds).toEqual([]);
    await expect(identity.client.Login({ email: p.email, password: PASSWORD })).resolves.toBeDefined();
    const events = await outboxEvents(identity.test, 'identity.user.banned', String(p.id));
    expect(events.map((e) => e.banned)).toEqual([true, false]);
  });

  it('refuses an admin and an unknown user, changing nothing', async () => {
    const admin = await identity.client.Register({
      email: ADMIN_EMAIL,
      password: PASSWORD,
      idempotencyKey: key(),
    });
    // ADMIN_EMAILS alone makes nobody admin: the operator's grant does.
    await grantAdmin(identity.test.database.db, ADMIN_EMAIL);
    await expect(ban(admin.user!.id)).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(
      identity.client.SetMuted({
        userId: admin.user!.id,
        value: true,
        actorUserId: 1,
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: status.PERMISSION_DENIED });
    await expect(identity.client.RefreshSession({ sessionId: admin.sessionId })).resolves.toBeDefined();
    expect(await outboxEvents(identity.test, 'identity.user.banned', String(admin.user!.id))).toEqual([]);
    await expect(ban(987_654)).rejects.toMatchObject({ code: status.NOT_FOUND });
  });
});

describe('SetMuted', () => {
  it('toggles muted independently of banned, keeps sessions, one event per change', async () => {
    const p = await player();
    const mute = (value: boolean) =>
      identity.client.SetMuted({ userId: p.id, value, actorUserId: 1, idempotencyKey: key() });
    expect(await mute(true)).toMatchObject({ user: { muted: true, banned: false }, revokedSessionIds: [] });
    await mute(true);
    await expect(identity.client.RefreshSession({ sessionId: p.sessionId })).resolves.toBeDefined();
    expect((await mute(false)).user!.muted).toBe(false);
    const events = await outboxEvents(identity.test, 'identity.user.muted', String(p.id));
    expect(events.map((e) => e.muted)).toEqual([true, false]);
  });
});
