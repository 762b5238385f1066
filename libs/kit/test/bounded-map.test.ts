import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../src/bounded-map';

describe('BoundedMap', () => {
  it('keeps at most its limit, dropping the oldest first', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) map.set(key, i);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });

  it('drops nothing when a key already held is set again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('b', 3);
    expect([...map]).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
  });

  it('keeps an entry set again after deleting it, as the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.delete('a');
    map.set('a', 1).set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
  });
});
