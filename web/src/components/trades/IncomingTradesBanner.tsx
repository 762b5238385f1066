import { ArrowLeftRight, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';

import { useIncomingTradesCount } from '@/lib/data/trades';

/** Location state asking the Trade Center to open a tab (for example from the Profile banner). */
export interface TradeCenterState {
  tab?: 'create' | 'incoming' | 'sent';
}

/** The red alert of the Profile screen while incoming trade requests are pending; links to /trade. */
export function IncomingTradesBanner() {
  const count = useIncomingTradesCount();
  if (count <= 0) return null;
  const state: TradeCenterState = { tab: 'incoming' };
  return (
    <div
      role="alert"
      data-testid="incoming-trades-banner"
      className="flex items-center gap-3 rounded-2xl border border-rose-500/40 bg-rose-500/15 px-4 py-3"
    >
      <span className="relative flex size-9 shrink-0 items-center justify-center rounded-xl bg-rose-500/20 text-rose-300">
        <ArrowLeftRight aria-hidden className="size-4.5" />
        <span aria-hidden className="absolute -top-0.5 -right-0.5 size-2.5 rounded-full bg-red-500" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-bold text-rose-100">
          {count === 1
            ? 'You have 1 pending trade request'
            : `You have ${formatNumber(count)} pending trade requests`}
        </p>
        <Link
          to={paths.trade}
          state={state}
          className="inline-flex items-center gap-0.5 self-start text-xs font-semibold text-rose-300 underline-offset-4 hover:text-rose-200 hover:underline"
        >
          View Trade Requests
          <ChevronRight aria-hidden className="size-3.5" />
        </Link>
      </div>
    </div>
  );
}
