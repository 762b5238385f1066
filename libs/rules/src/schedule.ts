import { TZDate } from '@date-fns/tz';

/**
 * The market schedule (docs/design.md#5-cards-and-the-market): 9:30-16:00 America/New_York, Monday to Friday, except US
 * market holidays. DST-correct. Every text about the hours is derived from these constants.
 */
export const MARKET_TIME_ZONE = 'America/New_York';
/** Minutes after New York midnight. */
export const OPEN_MINUTES = 9 * 60 + 30;
export const CLOSE_MINUTES = 16 * 60;
/** Days of the week the market trades (0 is Sunday), in order. */
export const TRADING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** `always` and `never` force the market open or shut (demos, e2e and load tests); `schedule` is real hours. */
export type MarketHoursMode = 'always' | 'never' | 'schedule';

/** NYSE full-day holidays (observed dates), New York calendar days. */
export const US_MARKET_HOLIDAYS: ReadonlySet<string> = new Set([
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

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// ---------------------------------------------------------------------------------------------------------
// Texts (docs/spec/game-spec.md#5-validation-rules and #8-the-error-catalogue: word for word, built from the constants above)
// ---------------------------------------------------------------------------------------------------------

/** A time of day: 'long' is '9:30 AM' / '4:00 PM', 'compact' is '9:30AM' / '4PM'. */
export function clockText(minutes: number, style: 'long' | 'compact'): string {
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  const mm = String(mins).padStart(2, '0');
  if (style === 'compact') return `${hour12}${mins === 0 ? '' : `:${mm}`}${meridiem}`;
  return `${hour12}:${mm} ${meridiem}`;
}

const firstDay = WEEKDAY_NAMES[TRADING_WEEKDAYS[0]!]!;
const lastDay = WEEKDAY_NAMES[TRADING_WEEKDAYS[TRADING_WEEKDAYS.length - 1]!]!;
const short = (day: string) => day.slice(0, 3);

/** '9:30AM-4PM' */
export const MARKET_HOURS_COMPACT = `${clockText(OPEN_MINUTES, 'compact')}-${clockText(CLOSE_MINUTES, 'compact')}`;
/** '9:30 AM - 4:00 PM' */
export const MARKET_HOURS_LONG = `${clockText(OPEN_MINUTES, 'long')} - ${clockText(CLOSE_MINUTES, 'long')}`;

export const MARKET_CLOSED_TITLE = 'Market Closed';
export const DIRECT_BUY_CLOSED_MESSAGE = `Direct market purchases are only available during market hours (${MARKET_HOURS_COMPACT} EST, ${short(firstDay)}-${short(lastDay)}). P2P trading is still available.`;
/** The title of the sell form's closed-market toast, and the server's answer to a sale while closed. */
export const SELL_CLOSED_TITLE = 'Market is closed';
export const SELL_CLOSED_MESSAGE = `You can only sell cards when the market is open (${MARKET_HOURS_LONG} ET, ${firstDay}-${lastDay}).`;
export const PRICE_UPDATE_HOURS_MESSAGE = `Prices update during trading hours: ${MARKET_HOURS_COMPACT} EST, ${firstDay} to ${lastDay}.`;

export const P2P_TRADING_TEXT = 'P2P trading is available 24/7.';

/** The Market screen's schedule notice, for the hours in force: never a fixed timetable while forced. */
export interface ScheduleNotice {
  prices: string;
  p2p: string;
  directBuys: string;
}

export function scheduleNotice(mode: MarketHoursMode): ScheduleNotice {
  if (mode === 'always') {
    return {
      prices: 'Prices update around the clock, every day.',
      p2p: P2P_TRADING_TEXT,
      directBuys: 'Direct market buys are available at any time.',
    };
  }
  if (mode === 'never') {
    return {
      prices: 'Prices hold while the market is closed until further notice.',
      p2p: P2P_TRADING_TEXT,
      directBuys: 'Direct market buys are unavailable until the market reopens.',
    };
  }
  return {
    prices: PRICE_UPDATE_HOURS_MESSAGE,
    p2p: P2P_TRADING_TEXT,
    directBuys: 'Direct market buys are only available during market hours.',
  };
}

/**
 * The hours in force, read from a market status answer: a status with no next event is a forced one
 * (open around the clock or shut until further notice), as marketStatus gives it.
 */
export function hoursModeOf(status: { isOpen: boolean; nextEventAt?: unknown }): MarketHoursMode {
  if (status.nextEventAt !== null && status.nextEventAt !== undefined) return 'schedule';
  return status.isOpen ? 'always' : 'never';
}

export const CLOSES_TODAY_TEXT = `Closes today ${clockText(CLOSE_MINUTES, 'long')} ET`;
/** 'Opens today 9:30 AM ET', 'Opens tomorrow …', 'Opens Monday …'. */
export const opensText = (when: string) => `Opens ${when} ${clockText(OPEN_MINUTES, 'long')} ET`;
export const ALWAYS_OPEN_TEXT = 'Open around the clock';
export const CLOSED_UNTIL_FURTHER_NOTICE_TEXT = 'Closed until further notice';

// ---------------------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------------------

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
  return TRADING_WEEKDAYS.includes(day.getDay()) && !US_MARKET_HOLIDAYS.has(dayKey(day));
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

/** Market status with a human next-event text, e.g. 'Opens Monday 9:30 AM ET' or 'Closes today 4:00 PM ET'. */
export function marketStatus(now: Date, mode: MarketHoursMode = 'schedule'): MarketStatus {
  if (mode === 'always') return { isOpen: true, nextEvent: ALWAYS_OPEN_TEXT };
  if (mode === 'never') return { isOpen: false, nextEvent: CLOSED_UNTIL_FURTHER_NOTICE_TEXT };
  const ny = inNewYork(now);
  if (isOpenAt(now))
    return { isOpen: true, nextEvent: CLOSES_TODAY_TEXT, nextEventAt: atMinutes(ny, CLOSE_MINUTES) };
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
    const when = offset === 0 ? 'today' : offset === 1 ? 'tomorrow' : WEEKDAY_NAMES[day.getDay()]!;
    return { isOpen: false, nextEvent: opensText(when), nextEventAt: new Date(opens.getTime()) };
  }
  return { isOpen: false, nextEvent: CLOSED_UNTIL_FURTHER_NOTICE_TEXT };
}
