import { describe, expect, it } from 'vitest';
import { dueTick } from '../src/domain/market-hours';

// Monday 2026-11-23 is a regular trading day (EST, UTC−5).
const et = (iso: string) => new Date(iso);

describe('price ticks', () => {
  it('ticks on 5-minute boundaries while open only', () => {
    expect(dueTick(et('2026-11-23T14:29:59Z'))).toBeUndefined();
    expect(dueTick(et('2026-11-23T14:30:00Z'))?.at.toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(dueTick(et('2026-11-23T14:34:59Z'))?.at.toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(dueTick(et('2026-11-23T20:57:00Z'))?.at.toISOString()).toBe('2026-11-23T20:55:00.000Z');
    expect(dueTick(et('2026-11-23T21:00:00Z'))).toBeUndefined();
  });
});
