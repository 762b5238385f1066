import { describe, expect, it } from 'vitest';
import { periodOf } from '../src/domain/periods';

const at = (iso: string) => new Date(iso);
const iso = (d: Date) => d.toISOString();

describe('daily periods reset at midnight America/New_York', () => {
  it('an ordinary day (EST, UTC-5): 23:59:59.999 ET is still today, 00:00 ET is tomorrow', () => {
    const before = periodOf('daily', at('2026-01-15T04:59:59.999Z'));
    const after = periodOf('daily', at('2026-01-15T05:00:00.000Z'));
    expect(before.key).toBe('2026-01-14');
    expect(after.key).toBe('2026-01-15');
    expect(iso(before.end)).toBe('2026-01-15T05:00:00.000Z');
    expect(iso(after.start)).toBe('2026-01-15T05:00:00.000Z');
  });

  it('an ordinary summer day (EDT, UTC-4)', () => {
    expect(periodOf('daily', at('2026-07-01T03:59:59.999Z')).key).toBe('2026-06-30');
    expect(periodOf('daily', at('2026-07-01T04:00:00.000Z')).key).toBe('2026-07-01');
  });

  it('March 8, 2026 (clocks spring forward at 2:00): a 23-hour day from 05:00Z to 04:00Z', () => {
    const day = periodOf('daily', at('2026-03-08T12:00:00Z'));
    expect(day.key).toBe('2026-03-08');
    expect(iso(day.start)).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(day.end)).toBe('2026-03-09T04:00:00.000Z');
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
    // Around its midnights.
    expect(periodOf('daily', at('2026-03-08T04:59:59.999Z')).key).toBe('2026-03-07');
    expect(periodOf('daily', at('2026-03-08T05:00:00.000Z')).key).toBe('2026-03-08');
    expect(periodOf('daily', at('2026-03-09T03:59:59.999Z')).key).toBe('2026-03-08');
    expect(periodOf('daily', at('2026-03-09T04:00:00.000Z')).key).toBe('2026-03-09');
    // Across the missing hour (2:00-3:00 local does not exist): still the same day.
    expect(periodOf('daily', at('2026-03-08T06:59:59Z')).key).toBe('2026-03-08');
    expect(periodOf('daily', at('2026-03-08T07:00:00Z')).key).toBe('2026-03-08');
  });

  it('November 1, 2026 (clocks fall back at 2:00): a 25-hour day from 04:00Z to 05:00Z', () => {
    const day = periodOf('daily', at('2026-11-01T12:00:00Z'));
    expect(day.key).toBe('2026-11-01');
    expect(iso(day.start)).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(day.end)).toBe('2026-11-02T05:00:00.000Z');
    expect(day.end.getTime() - day.start.getTime()).toBe(25 * 3_600_000);
    expect(periodOf('daily', at('2026-11-01T03:59:59.999Z')).key).toBe('2026-10-31');
    expect(periodOf('daily', at('2026-11-01T04:00:00.000Z')).key).toBe('2026-11-01');
    // 01:30 local happens twice; both are November 1.
    expect(periodOf('daily', at('2026-11-01T05:30:00Z')).key).toBe('2026-11-01');
    expect(periodOf('daily', at('2026-11-01T06:30:00Z')).key).toBe('2026-11-01');
    expect(periodOf('daily', at('2026-11-02T04:59:59.999Z')).key).toBe('2026-11-01');
    expect(periodOf('daily', at('2026-11-02T05:00:00.000Z')).key).toBe('2026-11-02');
  });
});

describe('weekly periods run from Sunday 00:00 ET to the next Sunday 00:00 ET', () => {
  it('Saturday 23:59:59.999 ET is last week, Sunday 00:00 ET is a new week', () => {
    // Sunday, November 22, 2026 (EST).
    const saturday = periodOf('weekly', at('2026-11-22T04:59:59.999Z'));
    const sunday = periodOf('weekly', at('2026-11-22T05:00:00.000Z'));
    expect(saturday.key).toBe('W2026-11-15');
    expect(sunday.key).toBe('W2026-11-22');
    expect(iso(saturday.end)).toBe('2026-11-22T05:00:00.000Z');
    expect(iso(sunday.start)).toBe('2026-11-22T05:00:00.000Z');
    expect(iso(sunday.end)).toBe('2026-11-29T05:00:00.000Z');
  });

  it('every moment of a week maps to its Sunday', () => {
    for (const moment of ['2026-11-23T15:00:00Z', '2026-11-25T23:00:00Z', '2026-11-29T04:59:59Z']) {
      expect(periodOf('weekly', at(moment)).key).toBe('W2026-11-22');
    }
  });

  it('the spring-forward week starts on Sunday March 8, 2026 at 00:00 EST and lasts 167 hours', () => {
    const week = periodOf('weekly', at('2026-03-10T12:00:00Z'));
    expect(week.key).toBe('W2026-03-08');
    expect(iso(week.start)).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(week.end)).toBe('2026-03-15T04:00:00.000Z');
    expect(week.end.getTime() - week.start.getTime()).toBe(167 * 3_600_000);
    expect(periodOf('weekly', at('2026-03-08T04:59:59.999Z')).key).toBe('W2026-03-01');
  });

  it('the fall-back week starts on Sunday November 1, 2026 at 00:00 EDT and lasts 169 hours', () => {
    const week = periodOf('weekly', at('2026-11-05T12:00:00Z'));
    expect(week.key).toBe('W2026-11-01');
    expect(iso(week.start)).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(week.end)).toBe('2026-11-08T05:00:00.000Z');
    expect(week.end.getTime() - week.start.getTime()).toBe(169 * 3_600_000);
    expect(periodOf('weekly', at('2026-11-01T03:59:59.999Z')).key).toBe('W2026-10-25');
    expect(periodOf('weekly', at('2026-11-01T04:00:00.000Z')).key).toBe('W2026-11-01');
  });

  it('a week across a month and a year end', () => {
    const week = periodOf('weekly', at('2027-01-01T12:00:00Z'));
    expect(week.key).toBe('W2026-12-27');
    expect(iso(week.end)).toBe('2027-01-03T05:00:00.000Z');
  });

  it('answers every moment right when asked in any order, around the edges of the periods it keeps', () => {
    const moments = [
      '2026-01-15T05:00:00.000Z',
      '2026-01-15T04:59:59.999Z',
      '2026-01-16T04:59:59.999Z',
      '2026-01-16T05:00:00.000Z',
      '2026-01-15T12:00:00.000Z',
      '2026-01-14T23:00:00.000Z',
    ];
    const keys = moments.map((m) => periodOf('daily', at(m)).key);
    expect(keys).toEqual([
      '2026-01-15',
      '2026-01-14',
      '2026-01-15',
      '2026-01-16',
      '2026-01-15',
      '2026-01-14',
    ]);
    expect(periodOf('weekly', at('2026-01-15T05:00:00.000Z')).key).toBe('W2026-01-11');
    expect(periodOf('weekly', at('2026-01-11T04:59:59.999Z')).key).toBe('W2026-01-04');
    expect(periodOf('weekly', at('2026-01-11T05:00:00.000Z')).key).toBe('W2026-01-11');
  });
});
