import { describe, expect, it } from 'vitest';
import type { Clients } from '../src/clients';
import { Usernames } from '../src/compose/usernames';
import { SharedAnswers } from '../src/http/shared-answers';

/** Identity as the directory asks it: the list of every player who is not banned, and names by id. */
function identity(names: Record<number, string>, banned: Record<number, string> = {}) {
  const calls = { list: 0, byId: [] as number[][] };
  const clients = {
    identity: {
      ListUsernames: async () => {
        calls.list++;
        return { usernames: Object.entries(names).map(([id, username]) => ({ id: Number(id), username })) };
      },
      GetUsernames: async ({ userIds }: { userIds: number[] }) => {
        calls.byId.push(userIds);
        const all = { ...names, ...banned };
        return {
          usernames: userIds.filter((id) => all[id]).map((id) => ({ id, username: all[id]! })),
        };
      },
    },
  } as unknown as Clients;
  return { clients, calls };
}

describe('the trade screens’ usernames', () => {
  it('come from the shared list, read once, and identity is asked only for users it lacks', async () => {
    const names = { 1: 'ada', 2: 'bea' };
    const { clients, calls } = identity(names, { 9: 'banned-bob' });
    const usernames = new Usernames(clients, new SharedAnswers({ maxAgeMs: 60_000, capacity: 8 }));

    expect(await usernames.of([1, 2, 2, 0])).toEqual(
      new Map([
        [1, 'ada'],
        [2, 'bea'],
      ]),
    );
    expect(await usernames.of([2, 9, 404])).toEqual(
      new Map([
        [2, 'bea'],
        [9, 'banned-bob'],
      ]),
    );
    expect(calls.list).toBe(1);
    expect(calls.byId).toEqual([[9, 404]]);
    expect(await usernames.of([0])).toEqual(new Map());
  });

  it('follow a change of usernames: the list is read again', async () => {
    const names: Record<number, string> = { 1: 'ada' };
    const { clients, calls } = identity(names);
    const shared = new SharedAnswers({ maxAgeMs: 60_000, capacity: 8 });
    const usernames = new Usernames(clients, shared);
    expect((await usernames.of([1])).get(1)).toBe('ada');
    names[1] = 'ada-lovelace';
    names[3] = 'cy';
    shared.changed('usernames');
    expect(await usernames.of([1, 3])).toEqual(
      new Map([
        [1, 'ada-lovelace'],
        [3, 'cy'],
      ]),
    );
    expect(calls.list).toBe(2);
    expect(calls.byId).toEqual([]);
  });
});
