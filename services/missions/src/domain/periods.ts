import { TZDate } from '@date-fns/tz';

/** Missions reset on New York's calendar (docs/spec/game-spec.md#9-business-constants-and-limits: midnight ET, weekly on Sunday). */
export const MISSION_TIME_ZONE = 'America/New_York';

export type PeriodKind = 'daily' | 'weekly';

export interface Period {
  kind: PeriodKind;
  /** Names the instance: "2026-11-23" for a day, "W2026-11-22" for the week starting that Sunday. */
  key: string;
  start: Date;
  /** Exclusive: the moment the next period begins (the mission's resetsAt). */
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** New York's midnight `days` after the New York date of `day`; TZDate makes it DST-correct. */
function midnight(day: TZDate, days: number): Date {
  const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + days, 0, 0, 0, MISSION_TIME_ZONE);
  return new Date(at.getTime());
}

function dateKey(at: Date): string {
  const ny = new TZDate(at.getTime(), MISSION_TIME_ZONE);
  return `${ny.getFullYear()}-${pad(ny.getMonth() + 1)}-${pad(ny.getDate())}`;
}

/**
 * The period containing `at`: a day runs from midnight to midnight New York time (23 or 25 hours on
 * the DST switch days), a week from Sunday 00:00 to the next Sunday 00:00.
 */
export function periodOf(kind: PeriodKind, at: Date): Period {
  // Every event of a day falls in the same periods: the time zone arithmetic is done once for them.
  const last = latest.get(kind);
  if (last && at >= last.start && at < last.end) return last;
  const period = computePeriod(kind, at);
  latest.set(kind, period);
  return period;
}

const latest = new Map<PeriodKind, Period>();

function computePeriod(kind: PeriodKind, at: Date): Period {
  const ny = new TZDate(at.getTime(), MISSION_TIME_ZONE);
  const back = kind === 'daily' ? 0 : ny.getDay();
  const length = kind === 'daily' ? 1 : 7;
  const start = midnight(ny, -back);
  const end = midnight(ny, length - back);
  const key = kind === 'daily' ? dateKey(start) : `W${dateKey(start)}`;
  return { kind, key, start, end };
}
