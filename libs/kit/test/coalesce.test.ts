import { describe, expect, it } from 'vitest';
import { coalesce } from '../src/events/coalesce';

describe('coalesce', () => {
  it('joins the calls of one turn into one run, and each caller gets its outcome', async () => {
    const runs: number[][] = [];
    const joined = coalesce(async (items: number[]) => void runs.push(items), 100);
    await Promise.all([joined([1, 2]), joined([3]), joined([4, 5])]);
    await joined([6]);
    expect(runs).toEqual([[1, 2, 3, 4, 5], [6]]);
  });

  it('starts a new group past the maximum, and never runs two groups at once', async () => {
    const runs: number[][] = [];
    let running = 0;
    let overlapped = false;
    const joined = coalesce(async (items: number[]) => {
      overlapped ||= running > 0;
      running++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.push(items);
      running--;
    }, 3);
    await Promise.all([joined([1, 2]), joined([3]), joined([4, 5]), joined([6])]);
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(overlapped).toBe(false);
  });

  it('rejects every caller of a failed group, and the next group still runs', async () => {
    const runs: number[][] = [];
    const joined = coalesce(async (items: number[]) => {
      if (items.includes(2)) throw new Error('refused');
      runs.push(items);
    }, 100);
    const outcomes = await Promise.allSettled([joined([1]), joined([2])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await joined([3]);
    expect(runs).toEqual([[3]]);
  });
});
