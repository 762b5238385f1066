import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const ban = (userId: number, value = true) =>
  identity.client.SetBanned({ userId, value, actorUserId: 1, idempotencyKey: key() });

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
