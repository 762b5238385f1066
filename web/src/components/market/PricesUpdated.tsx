import { cn } from '@/lib/cn';
import { formatAgo } from '@/lib/format';
import { useLastTickAt } from '@/lib/live/last-tick';
import { useNow } from '@/lib/use-now';

export interface PricesUpdatedProps {
  /** When the prices shown were fetched (a query's dataUpdatedAt): the age before the first tick arrives. */
  fetchedAt?: number;
  className?: string;
}

/**
 * 'Prices updated 12 s ago': the age of the last price tick (the server's time of it), counting on
 * screen with the one shared clock, without refetching anything.
 */
export function PricesUpdated({ fetchedAt, className }: PricesUpdatedProps) {
  const tickAt = useLastTickAt();
  const now = useNow();
  const since = tickAt ?? (fetchedAt ? fetchedAt : null);
  if (since === null) return null;
  return (
    <p data-testid="prices-updated" className={cn('text-xs text-slate-400 tabular-nums', className)}>
      {`Prices updated ${formatAgo(now - since)}`}
    </p>
  );
}
