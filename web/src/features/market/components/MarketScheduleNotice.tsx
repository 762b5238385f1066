import { ArrowLeftRight, CalendarClock, ShoppingCart } from 'lucide-react';
import { PRICE_UPDATE_HOURS_MESSAGE } from '@touchline/rules';

/** How the market's hours work (game spec, Market screen). */
export function MarketScheduleNotice() {
  return (
    <section
      aria-label="Market hours"
      className="rounded-2xl border border-white/5 bg-slate-900/70 px-4 py-3 text-xs text-slate-300"
    >
      <ul className="flex flex-col gap-1.5">
        <li className="flex items-start gap-2">
          <CalendarClock aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>{PRICE_UPDATE_HOURS_MESSAGE}</span>
        </li>
        <li className="flex items-start gap-2">
          <ArrowLeftRight aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>P2P trading is available 24/7.</span>
        </li>
        <li className="flex items-start gap-2">
          <ShoppingCart aria-hidden className="mt-px size-3.5 shrink-0 text-emerald-400" />
          <span>Direct market buys are only available during market hours.</span>
        </li>
      </ul>
    </section>
  );
}
