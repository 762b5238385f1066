import { status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERNAME_RESERVED, USERNAME_WEB_ADDRESS } from '@touchline/rules';
import { MUTED_USERNAME, USERNAME_TAKEN } from '../src/use-cases/profile';
import { PASSWORD, startIdentity, uniqueEmail, type StartedIdentity } from './support';

// Issue 40, finding A: a username is shown to every player, so identity refuses impersonating names
// and web addresses, and a muted player (refused notes) cannot turn their name into a message.
let identity: StartedIdentity;
let keys = 0;

beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(() => identity?.stop());

async function player(local = 'player') {
  const session = await identity.client.Register({
    email: uniqueEmail(local),
    password: PASSWORD,
    idempotencyKey: `names-${++keys}`,
  });
  return session.user!;
}

const setUsername = (userId: number, username: string) => identity.client.SetUsername({ userId, username });

async function storedUsername(userId: number): Promise<string> {
  return (await identity.client.GetUser({ userId })).username;
}

describe('SetUsername', () => {
  it('refuses reserved names in any case and simple disguises, changing nothing', async () => {
    const p = await player('keeper');
    for (const name of ['admin', 'ADMIN', 'Adm1n', 'ad_min', 'market', 'system', 'touch-line', 'support2']) {
      await expect(setUsername(p.id, name), name).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: USERNAME_RESERVED,
      });
    }
    expect(await storedUsername(p.id)).toBe(p.username);
  });

  it('refuses web addresses and e-mails, changing nothing', async () => {
    const p = await player('linker');
    for (const name of ['visit-evil.example', 'Evil.COM', 'www.coins', 'http-evil', 'me@evil.io']) {
      await expect(setUsername(p.id, name), name).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: USERNAME_WEB_ADDRESS,
      });
    }
    expect(await storedUsername(p.id)).toBe(p.username);
  });

  it('still takes an ordinary name, and answers a taken one with 409', async () => {
    const p = await player('renamer');
    const other = await player('holder');
    expect((await setUsername(p.id, '  Badminton.Fan ')).username).toBe('badminton.fan');
    await expect(setUsername(p.id, other.username)).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: USERNAME_TAKEN,
    });
  });

  it('refuses a muted player, whatever the name; unmuted, they may change it again', async () => {
    const p = await player('quiet');
    const mute = (value: boolean) =>
      identity.client.SetMuted({ userId: p.id, value, actorUserId: 1, idempotencyKey: `mute-${++keys}` });
    await mute(true);
    await expect(setUsername(p.id, 'perfectly.fine')).rejects.toMatchObject({
      code: status.PERMISSION_DENIED,
      details: MUTED_USERNAME,
    });
    expect(await storedUsername(p.id)).toBe(p.username);
    await mute(false);
    expect((await setUsername(p.id, 'perfectly.fine')).username).toBe('perfectly.fine');
  });
});

describe('Register', () => {
  // Sign-up takes no username (the spec's POST /api/register: email, password): it names the player
  // after the e-mail's local part, and a local part that would be refused gives a neutral name.
  it('does not make a reserved or web-address username out of the e-mail', async () => {
    for (const local of ['admin', 'Support', 'touch.line', 'www.evil.com']) {
      const user = await player(local);
      expect(user.username, local).toMatch(/^player\d*$/);
    }
    expect((await player('ordinary.name')).username).toBe('ordinary.name');
  });
});
