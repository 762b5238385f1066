import { describe, expect, it } from 'vitest';
import { createMemoryBoardCache } from '../src/cache/memory-board-cache';
import { boardOrder, isRanked, topLimit } from '../src/domain/ranking';

describe('board order', () => {
  it('ranks by value, then the earlier sign-up (lower id)', () => {
    const entries = [
      { userId: 5, collectionValue: 100 },
      { userId: 2, collectionValue: 100 },
      { userId: 9, collectionValue: 300 },
      { userId: 1, collectionValue: 0 },
    ];
    expect([...entries].sort(boardOrder).map((e) => e.userId)).toEqual([9, 2, 5, 1]);
  });

  it('leaves out the market and banned users', () => {
    expect(isRanked({ userId: 0, banned: false })).toBe(false);
    expect(isRanked({ userId: 3, banned: true })).toBe(false);
    expect(isRanked({ userId: 3, banned: false })).toBe(true);
  });

  it('defaults the top to 100 and refuses out-of-range limits', () => {
    expect(topLimit(0)).toBe(100);
    expect(topLimit(10)).toBe(10);
    expect(() => topLimit(1001)).toThrow('limit must be between 0 and 1000');
    expect(() => topLimit(-1)).toThrow('limit must be between 0 and 1000');
  });
});

describe('memory board cache', () => {
  it('takes only newer versions and keeps the order', async () => {
    const cache = createMemoryBoardCache();
    await cache.markBuilt();
    await cache.apply([
      { userId: 1, collectionValue: 50, cardCount: 1, version: 2, banned: false },
      { userId: 2, collectionValue: 80, cardCount: 2, version: 1, banned: false },
    ]);
    await cache.apply([{ userId: 1, collectionValue: 999, cardCount: 9, version: 1, banned: false }]);
    expect((await cache.top(10))!.entries.map((e) => [e.userId, e.collectionValue, e.rank])).toEqual([
      [2, 80, 1],
      [1, 50, 2],
    ]);
    await cache.apply([{ userId: 2, collectionValue: 80, cardCount: 2, version: 2, banned: true }]);
    expect((await cache.top(10))!.entries.map((e) => e.userId)).toEqual([1]);
    expect(await cache.stats([2, 1, 7])).toEqual([
      { userId: 2, collectionValue: 80, cardCount: 2, rank: 0 },
      { userId: 1, collectionValue: 50, cardCount: 1, rank: 1 },
      undefined,
    ]);
  });

  it('answers nothing until built', async () => {
    const cache = createMemoryBoardCache();
    expect(await cache.top(10)).toBeUndefined();
    expect(await cache.stats([1])).toBeUndefined();
  });
});
