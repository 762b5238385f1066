import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../src/http/json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

describe('nestsDeeperThan (issue 29, item 5)', () => {
  it('counts arrays and objects together, up to the limit and one past it', () => {
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    const mixed = (levels: number) => '{"a":['.repeat(levels) + ']}'.repeat(levels);
    expect(nestsDeeperThan(bytes(mixed(16)))).toBe(false);
    expect(nestsDeeperThan(bytes(mixed(17)))).toBe(true);
    // Siblings do not add up: depth, not count.
    expect(nestsDeeperThan(bytes(`[${Array.from({ length: 1000 }, () => '[[]]').join(',')}]`))).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ note: nested(100) })))).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ note: `"${nested(100)}\\` })))).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify([`\\`, nested(100)])))).toBe(false);
    // A string that ends in a backslash does not hide the brackets after it.
    expect(nestsDeeperThan(bytes(`["\\\\",${nested(40)}]`))).toBe(true);
    // Multi-byte characters never contain the bytes of a quote or a bracket.
    expect(nestsDeeperThan(bytes(JSON.stringify({ name: '日本語 ⚽ [' })))).toBe(false);
  });

  it('scans the attack (7,900 levels, 15.8 kB) and far deeper with no recursion', () => {
    expect(nestsDeeperThan(bytes(nested(7_900)))).toBe(true);
    expect(nestsDeeperThan(bytes(nested(1_000_000)))).toBe(true);
  });
});
