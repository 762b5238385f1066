import { TZDate } from '@date-fns/tz';

export const MARKET_TIME_ZONE = 'America/New_York';
export const OPEN_MINUTES = 9 * 60 + 30;
export const CLOSE_MINUTES = 16 * 60;
export const TICK_MINUTES = 5;

/** `always` and `never` force the market open or shut (demos, e2e and load tests); `schedule` is real hours. */
export type MarketHoursMode = 'always' | 'never' | 'schedule';

/** NYSE full-day holidays (observed dates), New York calendar days. */
export const US_MARKET_HOLIDAYS = new Set([
  '2025-01-01',
  '2025-01-20',
  '2025-02-17',
  '2025-04-18',
  '2025-05-26',
  '2025-06-19',
  '2025-07-04',
  '2025-09-01',
  '2025-11-27',
  '2025-12-25',
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
]);

export interface MarketStatus {
  isOpen: boolean;
  nextEvent: string;
  /** When the market next opens or closes; undefined in the forced modes. */
  nextEventAt?: Date;
}

const inNewYork = (date: Date) => new TZDate(date.getTime(), MARKET_TIME_ZONE);
const dayKey = (d: TZDate) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function isTradingDay(day: TZDate): boolean {
  const weekday = day.getDay();
  return weekday !== 0 && weekday !== 6 && !US_MARKET_HOLIDAYS.has(dayKey(day));
}

/** The New York wall-clock moment `minutes` after midnight of `day`'s New York date (DST-correct). */
function atMinutes(day: TZDate, minutes: number): TZDate {
  return new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    Math.floor(minutes / 60),
    minutes % 60,
    0,
    MARKET_TIME_ZONE,
  );
}

export function isOpenAt(now: Date, mode: MarketHoursMode = 'schedule'): boolean {
  if (mode !== 'schedule') return mode === 'always';
  const ny = inNewYork(now);
  const minutes = ny.getHours() * 60 + ny.getMinutes();
  return isTradingDay(ny) && minutes >= OPEN_MINUTES && minutes < CLOSE_MINUTES;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Market status with a human next-event text, e.g. 'Opens Monday 9:30 AM ET' or 'Closes today 4:00 PM ET'. */
export function marketStatus(now: Date, mode: MarketHoursMode = 'schedule'): MarketStatus {
  if (mode === 'always') return { isOpen: true, nextEvent: 'Open around the clock' };
  if (mode === 'never') return { isOpen: false, nextEvent: 'Closed until further notice' };
  const ny = inNewYork(now);
  if (isOpenAt(now))
    return { isOpen: true, nextEvent: 'Closes today 4:00 PM ET', nextEventAt: atMinutes(ny, CLOSE_MINUTES) };
  for (let offset = 0; offset < 14; offset++) {
    const day = new TZDate(
      ny.getFullYear(),
      ny.getMonth(),
      ny.getDate() + offset,
      12,
      0,
      0,
      MARKET_TIME_ZONE,
    );
    const opens = atMinutes(day, OPEN_MINUTES);
    if (!isTradingDay(day) || opens.getTime() <= now.getTime()) continue;
    const when = offset === 0 ? 'today' : offset === 1 ? 'tomorrow' : WEEKDAYS[day.getDay()];
    return { isOpen: false, nextEvent: `Opens ${when} 9:30 AM ET`, nextEventAt: new Date(opens.getTime()) };
  }
  return { isOpen: false, nextEvent: 'Closed until further notice' };
}

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
