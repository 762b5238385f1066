import { describe, expect, it } from 'vitest';
import { inRounds } from '../src/events/rounds';

describe('inRounds', () => {
  it("puts the k-th item of each key in round k, keeping each key's order", () => {
    const moves = [
      { card: 1, to: 'b' },
      { card: 2, to: 'x' },
      { card: 1, to: 'c' },
      { card: 3, to: 'y' },
      { card: 1, to: 'a' },
    ];
    expect(inRounds(moves, (m) => m.card).map((round) => round.map((m) => `${m.card}${m.to}`))).toEqual([
      ['1b', '2x', '3y'],
      ['1c'],
      ['1a'],
    ]);
    expect(inRounds([], (m: { card: number }) => m.card)).toEqual([]);
  });
});
