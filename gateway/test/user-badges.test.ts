import { describe, expect, it } from 'vitest';
import type { LiveMessage__Output } from '@touchline/protos/gen/touchline/notifications/LiveMessage';
import type { MissionsClient } from '../src/clients/missions';
import { UserBadges, type UserBadgesAnswer } from '../src/compose/user-badges';
import type { LiveWatcher } from '../src/live/hub';

/** Missions as a counter of GetUserBadges calls; each answer names the call that made it. */
function fakeMissions() {
  const calls: number[] = [];
  let release: (() => void) | undefined;
  let held = false;
  const missions = {
    async GetUserBadges({ userId }: { userId: number }): Promise<UserBadgesAnswer> {
      calls.push(userId);
      const answer = { badge: `call ${calls.length}`, badges: [] };
      if (held) await new Promise<void>((resolve) => (release = resolve));
      return answer;
    },
  } as unknown as MissionsClient;
  return {
    missions,
    calls,
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

function setup(linked = true) {
  const fake = fakeMissions();
  const state = { linked, watcher: undefined as LiveWatcher | undefined };
  const badges = new UserBadges(
    fake.missions,
    () => state.linked,
    (w) => (state.watcher = w),
  );
  return { ...fake, badges, state };
}

const badgeEarned = (userId: number) => ({ change: 'badges', userId }) as LiveMessage__Output;
const options = { timeoutMs: 1_000 };

describe("the gateway's copy of each user's badges", () => {
  it('asks missions once per user while the live link is up, and watches the hub from the first use', async () => {
    const { badges, calls, state } = setup();
    expect((await badges.get(1, options)).badge).toBe('call 1');
    expect((await badges.get(1, options)).badge).toBe('call 1');
    expect((await badges.get(2, options)).badge).toBe('call 2');
    expect(calls).toEqual([1, 2]);
    expect(state.watcher).toBe(badges);
  });

  it("a `badges` event drops that user's copy only", async () => {
    const { badges, calls } = setup();
    await badges.get(1, options);
    await badges.get(2, options);
    badges.change(badgeEarned(1));
    expect((await badges.get(1, options)).badge).toBe('call 3');
    await badges.get(2, options);
    expect(calls).toEqual([1, 2, 1]);
  });

  it('an answer asked for before an event is used but not kept: it may predate the badge', async () => {
    const { badges, calls, hold, release } = setup();
    hold();
    const asked = badges.get(1, options);
    badges.change(badgeEarned(1));
    release();
    expect((await asked).badge).toBe('call 1');
    expect((await badges.get(1, options)).badge).toBe('call 2');
    expect(calls).toEqual([1, 1]);
  });

  it('without the live link nothing is kept, and a reset or a resync drops every copy', async () => {
    const { badges, calls, state } = setup(false);
    await badges.get(1, options);
    await badges.get(1, options);
    expect(calls).toEqual([1, 1]);

    state.linked = true;
    await badges.get(1, options);
    await badges.get(2, options);
    badges.reset();
    await badges.get(1, options);
    badges.change({ change: 'resync' } as LiveMessage__Output);
    await badges.get(1, options);
    await badges.get(2, options);
    expect(calls).toEqual([1, 1, 1, 2, 1, 1, 2]);
  });
});
