import { describe, it, expect } from 'vitest';
import { fixedClock, seededRandom, systemClock, systemRandom, type Random } from '../src/clock';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function draw(random: Random) {
  return {
    numbers: Array.from({ length: 20 }, () => random.next()),
    uuids: Array.from({ length: 5 }, () => random.uuid()),
    bytes: random.bytes(32).toString('hex'),
  };
}

describe('seededRandom', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draw(seededRandom(42))).toEqual(draw(seededRandom(42)));
  });

  it('gives different sequences for different seeds', () => {
    expect(draw(seededRandom(1)).numbers).not.toEqual(draw(seededRandom(2)).numbers);
  });

  it('draws numbers in [0, 1) that are not all alike', () => {
    const random = seededRandom(7);
    const numbers = Array.from({ length: 1000 }, () => random.next());
    for (const n of numbers) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
    expect(new Set(numbers).size).toBeGreaterThan(990);
    expect(numbers.some((n) => n < 0.1)).toBe(true);
    expect(numbers.some((n) => n > 0.9)).toBe(true);
  });

  it('makes distinct version 4 uuids', () => {
    const random = seededRandom(3);
    const uuids = Array.from({ length: 500 }, () => random.uuid());
    for (const uuid of uuids) expect(uuid).toMatch(UUID_V4);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('makes as many bytes as asked', () => {
    const random = seededRandom(9);
    expect(random.bytes(0)).toHaveLength(0);
    const bytes = random.bytes(64);
    expect(bytes).toBeInstanceOf(Buffer);
    expect(bytes).toHaveLength(64);
    expect(new Set(bytes).size).toBeGreaterThan(1);
  });
});

describe('systemRandom', () => {
  it('draws numbers in [0, 1) and version 4 uuids', () => {
    for (let i = 0; i < 100; i++) {
      const n = systemRandom.next();
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
    expect(systemRandom.uuid()).toMatch(UUID_V4);
    expect(systemRandom.uuid()).not.toBe(systemRandom.uuid());
    expect(systemRandom.bytes(16)).toHaveLength(16);
  });
});

describe('fixedClock', () => {
  it('stays where it was put', () => {
    const clock = fixedClock('2026-03-01T12:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('accepts a Date and does not share it', () => {
    const start = new Date('2026-03-01T12:00:00.000Z');
    const clock = fixedClock(start);
    start.setUTCFullYear(2000);
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });

  it('can be set and advanced', () => {
    const clock = fixedClock('2026-03-01T12:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-03-01T12:01:30.000Z');
    clock.set(new Date('2026-12-31T23:59:59.000Z'));
    expect(clock.now().toISOString()).toBe('2026-12-31T23:59:59.000Z');
    clock.advance(1_000);
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    clock.set('2026-01-01T00:00:00.000Z');
    clock.advance(-1);
    expect(clock.now().toISOString()).toBe('2025-12-31T23:59:59.999Z');
  });
});

describe('systemClock', () => {
  it('reads the wall clock', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});
