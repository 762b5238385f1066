import { isOpenAt, type MarketHoursMode } from '@touchline/rules';

export const TICK_MINUTES = 5;

/**
 * The price tick due at `now`: ticks fall on 5-minute boundaries (every `intervalMs`) while the
 * market is open (9:30, 9:35 … 15:55 ET). Returns the boundary's number (ms since the epoch /
 * interval) and time, or undefined when the market is closed at that boundary.
 */
export function dueTick(
  now: Date,
  mode: MarketHoursMode = 'schedule',
  intervalMs = TICK_MINUTES * 60_000,
): { tick: number; at: Date } | undefined {
  const tick = Math.floor(now.getTime() / intervalMs);
  const at = new Date(tick * intervalMs);
  return isOpenAt(at, mode) ? { tick, at } : undefined;
}
