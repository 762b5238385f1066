import { ArrowLeftRight, CalendarClock, ShoppingCart } from 'lucide-react';
import { hoursModeOf, scheduleNotice } from '@touchline/rules';

import { useMarketStatus } from '@/lib/data/market';

/**
 * How the market's hours work (docs/spec/game-spec.md, Market screen), for the hours in force: the timetable when
 * the market keeps its hours, not beside an 'Open around the clock' status. Waits for the status.
 */
export function MarketScheduleNotice() {
  const { data: status, isPending } = useMarketStatus();
  if (isPending) return null;
  const notice = scheduleNotice(status ? hoursModeOf(status) : 'schedule');
  return (
    <section
      aria-label="Market hours"
      className="rounded-2xl border border-white/5 bg-slate-900/70 px-4 py-3 text-xs text-slate-300"
    >
      <ul className="flex flex-col gap-1.5">
        <li className="flex items-start gap-2">
          <CalendarClock aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>{notice.prices}</span>
        </li>
        <li className="flex items-start gap-2">
          <ArrowLeftRight aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>{notice.p2p}</span>
        </li>
        <li className="flex items-start gap-2">
          <ShoppingCart aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>{notice.directBuys}</span>
        </li>
      </ul>
    </section>
  );
}
