import { describe, expect, it } from 'vitest';
import { rankShift } from '../src/board';

const move = (userId: number, previousValue: number, collectionValue: number) => ({
  userId,
  previousValue,
  collectionValue,
});

describe('rankShift', () => {
  const me = { userId: 5, collectionValue: 1_000 };

  it('counts a pass either way, and ties go to the lower id', () => {
    expect(rankShift([move(9, 800, 1_200)], me)).toBe(1);
    expect(rankShift([move(9, 1_500, 900)], me)).toBe(-1);
    expect(rankShift([move(9, 1_500, 1_200), move(8, 100, 900)], me)).toBe(0);
    // 3 equal to the user is ahead of them, 9 equal is not.
    expect(rankShift([move(3, 900, 1_000)], me)).toBe(1);
    expect(rankShift([move(9, 900, 1_000)], me)).toBe(0);
  });

  it('leaves out the user’s own move (it carries its rank)', () => {
    expect(rankShift([move(5, 1_000, 5_000), move(9, 800, 1_200)], me)).toBe(1);
  });

  it('gives the same shift whatever order one player’s changes arrive in', () => {
    const changes = [[move(9, 800, 1_200)], [move(9, 1_200, 700)], [move(9, 700, 1_100)]];
    const sum = (list: typeof changes) => list.reduce((s, moves) => s + rankShift(moves, me), 0);
    expect(sum(changes)).toBe(1);
    expect(sum([...changes].reverse())).toBe(1);
  });
});
