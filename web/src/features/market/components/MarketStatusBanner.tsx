import { Clock } from 'lucide-react';

import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';

import { useMarketStatus } from '@/lib/data/market';

/** Whether the market is open, with its next event ('Closes today 4:00 PM ET'). */
export function MarketStatusBanner({ className }: { className?: string }) {
  const { data: status, isPending, isError } = useMarketStatus();

  if (isPending) return <Skeleton className={cn('h-14 rounded-2xl', className)} />;
  if (isError || !status) {
    return (
      <div
        className={cn(
          'rounded-2xl border border-white/5 bg-slate-900/70 px-4 py-3 text-xs text-slate-400',
          className,
        )}
      >
        Market status is unavailable right now.
      </div>
    );
  }

  const open = status.isOpen;
  return (
    <section
      aria-label="Market status"
      data-open={open}
      className={cn(
        'flex items-center gap-3 rounded-2xl border px-4 py-3',
        open ? 'border-emerald-400/25 bg-emerald-500/10' : 'border-amber-400/25 bg-amber-400/10',
        className,
      )}
    >
      <span aria-hidden className="relative flex size-3 shrink-0">
        {open && <span className="absolute inset-0 animate-ping rounded-full bg-emerald-400/60" />}
        <span className={cn('relative size-3 rounded-full', open ? 'bg-emerald-400' : 'bg-amber-400')} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className={cn('text-sm font-bold', open ? 'text-emerald-300' : 'text-amber-200')}>
          {open ? 'Market Open' : 'Market Closed'}
        </p>
        {status.nextEvent && (
          <p className="inline-flex items-center gap-1 text-xs text-slate-300">
            <Clock aria-hidden className="size-3.5 shrink-0" />
            {status.nextEvent}
          </p>
        )}
      </div>
    </section>
  );
}
