import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@touchline/kit';
import { MUTED_USERNAME } from '../src/use-cases/profile';
import { outboxEvents, PASSWORD, startIdentity, uniqueEmail, type StartedIdentity } from './support';

// Issue 43 item 7: a mute has a reason and an end; the end is the truth, compared with the clock.
const clock = fixedClock('2026-11-29T12:00:00.000Z');
const HOUR = 3_600_000;
let identity: StartedIdentity;
let keys = 0;
const key = () => `mute-${++keys}`;

beforeAll(async () => {
  identity = await startIdentity({ clock });
});
afterAll(() => identity?.stop());

async function player(): Promise<number> {
  const session = await identity.client.Register({
    email: uniqueEmail('muted'),
    password: PASSWORD,
    idempotencyKey: key(),
  });
  return session.user!.id;
}

const mute = (userId: number, mutedUntil: string, reason = 'Insults in trade notes') =>
  identity.client.SetMuted({
    userId,
    value: true,
    actorUserId: 1,
    idempotencyKey: key(),
    reason,
    mutedUntil,
  });

describe('a mute with an end', () => {
  it('holds until its end by the clock, then ends by itself: no job, no event', async () => {
    const id = await player();
    const until = new Date(clock.now().getTime() + HOUR).toISOString();
    const { user } = await mute(id, until, '  Insults   in trade notes ');
    expect(user).toMatchObject({ muted: true, muteReason: 'Insults in trade notes', mutedUntil: until });
    await expect(identity.client.SetUsername({ userId: id, username: 'newname' })).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
      details: MUTED_USERNAME,
    });

    clock.advance(HOUR - 1);
    expect((await identity.client.GetUser({ userId: id })).muted).toBe(true);

    clock.advance(1);
    expect(await identity.client.GetUser({ userId: id })).toMatchObject({
      muted: false,
      muteReason: '',
      mutedUntil: '',
    });
    await expect(identity.client.SetUsername({ userId: id, username: `free${id}` })).resolves.toMatchObject({
      username: `free${id}`,
    });
    const events = await outboxEvents(identity.test, 'identity.user.muted', String(id));
    expect(events).toEqual([
      expect.objectContaining({ muted: true, reason: 'Insults in trade notes', mutedUntil: until }),
    ]);
  });

  it('a permanent mute has no end; a retry publishes nothing; a new end tells the player again', async () => {
    const id = await player();
    await mute(id, '');
    await mute(id, '');
    clock.advance(30 * 24 * HOUR);
    expect(await identity.client.GetUser({ userId: id })).toMatchObject({ muted: true, mutedUntil: '' });
    const later = new Date(clock.now().getTime() + 24 * HOUR).toISOString();
    await mute(id, later);
    expect(
      (await outboxEvents(identity.test, 'identity.user.muted', String(id))).map((e) => e.mutedUntil),
    ).toEqual(['', later]);
  });

  it('muting again after a mute ended is a new mute; an unmute of an ended mute tells nobody', async () => {
    const id = await player();
    await mute(id, new Date(clock.now().getTime() + HOUR).toISOString());
    clock.advance(2 * HOUR);
    const unmuted = await identity.client.SetMuted({
      userId: id,
      value: false,
      actorUserId: 1,
      idempotencyKey: key(),
    });
    expect(unmuted.user!.muted).toBe(false);
    const again = new Date(clock.now().getTime() + HOUR).toISOString();
    expect((await mute(id, again)).user).toMatchObject({ muted: true, mutedUntil: again });
    expect(
      (await outboxEvents(identity.test, 'identity.user.muted', String(id))).map((e) => e.muted),
    ).toEqual([true, true]);
  });

  it('refuses an end that is not a date, changing nothing', async () => {
    const id = await player();
    await expect(mute(id, 'tomorrow')).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((await identity.client.GetUser({ userId: id })).muted).toBe(false);
  });
});
