import { TZDate } from '@date-fns/tz';

/** Calendar months of the product are New York's (docs/design.md#3-money-one-ledger), DST included. */
export const PRODUCT_TIME_ZONE = 'America/New_York';

export interface CalendarMonth {
  /** "2026-11": stored with each cash-out request, the unit of the once-a-month rule. */
  key: string;
  /** First instant of the month in New York. */
  start: Date;
  /** First instant of the next month in New York. */
  end: Date;
}

/** The New York calendar month that contains `at`. */
export function monthOf(at: Date): CalendarMonth {
  const local = new TZDate(at.getTime(), PRODUCT_TIME_ZONE);
  const year = local.getFullYear();
  const month = local.getMonth();
  const start = new TZDate(year, month, 1, 0, 0, 0, 0, PRODUCT_TIME_ZONE);
  const end = new TZDate(year, month + 1, 1, 0, 0, 0, 0, PRODUCT_TIME_ZONE);
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    start: new Date(start.getTime()),
    end: new Date(end.getTime()),
  };
}
