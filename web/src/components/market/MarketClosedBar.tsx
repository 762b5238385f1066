import { Moon } from 'lucide-react';

import { useMarketStatus } from '@/lib/data/market';

/**
 * While the market is closed: a bar fixed above the bottom navigation reading 'Market closed · {next
 * event}'. Renders nothing while open or unknown; a spacer keeps the end of the screen clear of it.
 */
export function MarketClosedBar() {
  const { data: status } = useMarketStatus();
  if (status?.isOpen !== false) return null;
  const text = status.nextEvent ? `Market closed · ${status.nextEvent}` : 'Market closed';
  return (
    <>
      <div aria-hidden className="h-10 shrink-0" />
      <div
        role="status"
        className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 mx-auto w-full max-w-md border-t lg:bottom-0 lg:left-56 lg:max-w-none border-amber-400/20 bg-slate-900/95 px-4 py-2 backdrop-blur-md"
      >
        <p className="flex items-center justify-center gap-1.5 text-xs font-semibold text-amber-200">
          <Moon aria-hidden className="size-3.5 shrink-0" />
          <span>{text}</span>
        </p>
      </div>
    </>
  );
}
