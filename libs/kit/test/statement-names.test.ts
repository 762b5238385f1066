import { describe, expect, it } from 'vitest';
import { isStalePlanError, StatementNames } from '../src/db/prepared-statements';

describe('StatementNames', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameOf('select 1 where $1')).toBeUndefined();
    const name = names.nameOf('select 1 where $1');
    expect(name).toMatch(/^touchline_\d+$/);
    expect(names.nameOf('select 1 where $1')).toBe(name);
    expect(names.nameOf('select 2 where $1')).toBeUndefined();
    expect(names.nameOf('select 2 where $1')).not.toBe(name);
  });

  it('gives no more names than its maximum, and a forgotten text a new name', () => {
    const names = new StatementNames(2);
    for (const sql of ['a', 'a', 'b', 'b', 'c', 'c']) names.nameOf(sql);
    expect(names.nameOf('c')).toBeUndefined();
    const a = names.nameOf('a');
    names.forget('a');
    names.nameOf('a');
    const renamed = names.nameOf('a');
    expect(renamed).toBeDefined();
    expect(renamed).not.toBe(a);
  });

  it('forgets the texts seen once when there are too many of them, never the named ones', () => {
    const names = new StatementNames(10, 3);
    names.nameOf('kept');
    const kept = names.nameOf('kept');
    for (const sql of ['x', 'y', 'z', 'w']) names.nameOf(sql);
    expect(names.nameOf('x')).toBeUndefined();
    expect(names.nameOf('kept')).toBe(kept);
  });

  it("knows Postgres's stale plan error only", () => {
    const error = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isStalePlanError(error('0A000', 'cached plan must not change result type'))).toBe(true);
    expect(isStalePlanError(error('0A000', 'feature not supported'))).toBe(false);
    expect(isStalePlanError(error('40P01', 'deadlock detected'))).toBe(false);
    expect(isStalePlanError(undefined)).toBe(false);
  });
});
