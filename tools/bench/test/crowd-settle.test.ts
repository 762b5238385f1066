import { describe, expect, it } from 'vitest';
import { settleOpenWork, type SettleOptions } from '../src/crowd/audit';

/** A hand-moved clock: each wait moves it on. */
function clock(): Pick<SettleOptions, 'now' | 'wait'> & { at: () => number } {
  let now = 0;
  return {
    now: () => now,
    wait: (ms) => {
      now += ms;
      return Promise.resolve();
    },
    at: () => now,
  };
}

const options = { stallMs: 40_000, maxMs: 300_000, pollMs: 2_000 };

describe('the crowd audit waits for the open work', () => {
  it('as long as it keeps changing, past the 60 s a fixed settle gave', async () => {
    const c = clock();
    // A backlog of purchases, one swept every 5 s, the last only after 90 s.
    const open = () =>
      Promise.resolve(
        Array.from({ length: Math.max(0, 18 - Math.floor(c.at() / 5_000)) }, (_, i) => `pack ${i}`),
      );
    const settled = await settleOpenWork(open, { ...options, ...c });
    expect(settled.left).toEqual([]);
    expect(settled.seconds).toBe(90);
  });

  it('gives up, saying what is left, once nothing has changed for the stall time', async () => {
    const c = clock();
    const open = () => Promise.resolve(c.at() < 10_000 ? ['pack a', 'pack b'] : ['pack b']);
    const settled = await settleOpenWork(open, { ...options, ...c });
    expect(settled.left).toEqual(['pack b']);
    expect(settled.seconds).toBe(50);
  });

  it('returns at once when nothing is open, and never waits past the limit', async () => {
    const c = clock();
    expect(await settleOpenWork(() => Promise.resolve([]), { ...options, ...c })).toEqual({
      seconds: 0,
      left: [],
    });
    let n = 0;
    const changing = () => Promise.resolve([`row ${n++}`]);
    const settled = await settleOpenWork(changing, { ...options, ...c });
    expect(settled.seconds).toBe(300);
  });

  it('waits out the quiet time, and for work that appears in it', async () => {
    const c = clock();
    // Empty at first; a late consumer's outbox rows appear at 4 s and are relayed by 8 s.
    const open = () => Promise.resolve(c.at() >= 4_000 && c.at() < 8_000 ? ['outbox 994'] : []);
    const settled = await settleOpenWork(open, { ...options, ...c, quietMs: 10_000 });
    expect(settled.left).toEqual([]);
    expect(settled.seconds).toBe(18);
  });
});
