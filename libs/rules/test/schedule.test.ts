import { describe, expect, it } from 'vitest';
import {
  CLOSES_TODAY_TEXT,
  DIRECT_BUY_CLOSED_MESSAGE,
  hoursModeOf,
  isOpenAt,
  marketStatus,
  PRICE_UPDATE_HOURS_MESSAGE,
  scheduleNotice,
  SELL_CLOSED_MESSAGE,
  type MarketHoursMode,
} from '../src/schedule';

// Monday 2026-11-23 is a regular trading day (EST, UTC−5).
const et = (iso: string) => new Date(iso);

describe('market hours (America/New_York, Mon–Fri 9:30–16:00)', () => {
  it('opens at 9:30 and closes at 16:00 on a trading day', () => {
    expect(isOpenAt(et('2026-11-23T14:29:00Z'))).toBe(false); // 9:29 ET
    expect(isOpenAt(et('2026-11-23T14:30:00Z'))).toBe(true); // 9:30 ET
    expect(isOpenAt(et('2026-11-23T20:59:00Z'))).toBe(true); // 15:59 ET
    expect(isOpenAt(et('2026-11-23T21:00:00Z'))).toBe(false); // 16:00 ET
  });

  it('follows daylight saving time: the same 9:30 ET is 13:30 UTC in summer', () => {
    expect(isOpenAt(et('2026-07-15T13:29:00Z'))).toBe(false);
    expect(isOpenAt(et('2026-07-15T13:30:00Z'))).toBe(true);
    expect(isOpenAt(et('2026-07-15T19:59:00Z'))).toBe(true);
    expect(isOpenAt(et('2026-07-15T20:00:00Z'))).toBe(false);
  });

  it('on the spring switch day (Sunday 2026-03-08) is closed and opens Monday at 13:30 UTC', () => {
    const status = marketStatus(et('2026-03-08T15:00:00Z'));
    expect(status).toMatchObject({ isOpen: false, nextEvent: 'Opens tomorrow 9:30 AM ET' });
    expect(status.nextEventAt?.toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(marketStatus(et('2026-03-06T14:30:00Z')).isOpen).toBe(true); // Friday before: EST
  });

  it('on the autumn switch day (Sunday 2026-11-01) is closed and opens Monday at 14:30 UTC', () => {
    const status = marketStatus(et('2026-11-01T15:00:00Z'));
    expect(status).toMatchObject({ isOpen: false, nextEvent: 'Opens tomorrow 9:30 AM ET' });
    expect(status.nextEventAt?.toISOString()).toBe('2026-11-02T14:30:00.000Z');
    expect(isOpenAt(et('2026-10-30T13:30:00Z'))).toBe(true); // Friday before: EDT
  });

  it('is closed at weekends and says when it opens', () => {
    expect(marketStatus(et('2026-11-21T17:00:00Z'))).toMatchObject({
      isOpen: false,
      nextEvent: 'Opens Monday 9:30 AM ET',
    });
    expect(marketStatus(et('2026-11-20T21:30:00Z'))).toMatchObject({
      isOpen: false,
      nextEvent: 'Opens Monday 9:30 AM ET',
    });
  });

  it('names today, tomorrow and the closing time', () => {
    expect(marketStatus(et('2026-11-23T12:00:00Z')).nextEvent).toBe('Opens today 9:30 AM ET');
    expect(marketStatus(et('2026-11-23T15:00:00Z')).nextEvent).toBe('Closes today 4:00 PM ET');
    expect(marketStatus(et('2026-11-23T21:00:00Z')).nextEvent).toBe('Opens tomorrow 9:30 AM ET');
  });

  it('is closed on US market holidays (Thanksgiving 2026-11-26)', () => {
    expect(isOpenAt(et('2026-11-26T16:00:00Z'))).toBe(false);
    expect(marketStatus(et('2026-11-26T16:00:00Z')).nextEvent).toBe('Opens tomorrow 9:30 AM ET');
  });

  it('can be forced open or closed', () => {
    expect(marketStatus(et('2026-11-21T17:00:00Z'), 'always').isOpen).toBe(true);
    expect(marketStatus(et('2026-11-23T15:00:00Z'), 'never').isOpen).toBe(false);
  });

  it("words the spec's texts from the schedule's constants", () => {
    expect(CLOSES_TODAY_TEXT).toBe('Closes today 4:00 PM ET');
    expect(DIRECT_BUY_CLOSED_MESSAGE).toBe(
      'Direct market purchases are only available during market hours (9:30AM-4PM EST, Mon-Fri). P2P trading is still available.',
    );
    expect(SELL_CLOSED_MESSAGE).toBe(
      'You can only sell cards when the market is open (9:30 AM - 4:00 PM ET, Monday-Friday).',
    );
    expect(PRICE_UPDATE_HOURS_MESSAGE).toBe(
      'Prices update during trading hours: 9:30AM-4PM EST, Monday to Friday.',
    );
  });
});

describe('schedule notice', () => {
  it('states the real timetable only when the market keeps its hours', () => {
    const at = new Date('2026-03-09T15:00:00Z');
    const hours = (mode: MarketHoursMode) => scheduleNotice(hoursModeOf(marketStatus(at, mode)));
    expect(hours('schedule').prices).toBe(PRICE_UPDATE_HOURS_MESSAGE);
    expect(hours('schedule').directBuys).toBe('Direct market buys are only available during market hours.');
    for (const mode of ['always', 'never'] as const) {
      const notice = hours(mode);
      expect(Object.values(notice).join(' ')).not.toMatch(/9:30|4PM|Monday/);
      expect(notice.p2p).toBe('P2P trading is available 24/7.');
    }
    expect(hours('always').prices).toBe('Prices update around the clock, every day.');
    expect(hours('never').directBuys).toBe('Direct market buys are unavailable until the market reopens.');
  });

  it('reads the hours in force from a status answer (no next event: forced open or shut)', () => {
    expect(hoursModeOf({ isOpen: true, nextEventAt: null })).toBe('always');
    expect(hoursModeOf({ isOpen: false, nextEventAt: null })).toBe('never');
    expect(hoursModeOf({ isOpen: true, nextEventAt: '2026-03-09T21:00:00.000Z' })).toBe('schedule');
  });
});
