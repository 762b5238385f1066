import { describe, expect, it } from 'vitest';

import { formatNumber, formatWeekdayTime } from '@/lib/format';

describe('formatNumber', () => {
  it('groups thousands and rounds as en-US Intl does, without building a formatter', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [
      0, 1, 9, 12, 999, 1000, 1001, 12345, 99999, 100000, 999999, 1000000, 1234567890, 9007199254740991, 2.5,
      0.4, 0.5, 1999.5, 1234.49, -1, -999, -1000, -12345.6, -2.5,
    ];
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it('never shows a minus zero (Intl writes -0.4 as "-0")', () => {
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
  });

  it('shows what the spec texts show', () => {
    expect(`Balance: ${formatNumber(10000)}`).toBe('Balance: 10,000');
  });
});

describe('formatWeekdayTime', () => {
  it('writes a time as en-US Intl does (weekday short, hour numeric, two-digit minute)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
    const start = new Date(2026, 10, 29, 0, 0).getTime();
    // Every quarter hour of a week, midnight and noon included, in the test's own zone.
    for (let at = start; at < start + 7 * 86_400_000; at += 15 * 60_000) {
      const date = new Date(at);
      // Some ICU versions put a narrow no-break space before AM/PM.
      expect(formatWeekdayTime(date), date.toString()).toBe(intl.format(date).replace(/\u202f/g, ' '));
    }
  });
});
