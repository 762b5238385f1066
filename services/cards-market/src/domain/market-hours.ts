import { isOpenAt, type MarketHoursMode } from '@touchline/rules';

export const TICK_MINUTES = 5;

/**
 * The price tick due at `now`: ticks fall on 5-minute boundaries while the market is open
 * (9:30, 9:35 … 15:55 ET). Returns the boundary's number (minutes since the epoch / 5) and time,
 * or undefined when the market is closed at that boundary.
 */
export function dueTick(
  now: Date,
  mode: MarketHoursMode = 'schedule',
): { tick: number; at: Date } | undefined {
  const tick = Math.floor(now.getTime() / (TICK_MINUTES * 60_000));
  const at = new Date(tick * TICK_MINUTES * 60_000);
  return isOpenAt(at, mode) ? { tick, at } : undefined;
}
