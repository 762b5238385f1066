import { Tag } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/** 'Listed · 1,200' on a card of yours that is on the market, in every view of the collection. */
export function ListedBadge({ price, className }: { price: number | null; className?: string }) {
  return (
    <span
      data-testid="listed-badge"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-full border border-amber-300/40 bg-amber-400 px-1.5 py-0.5 text-[10px] leading-none font-black whitespace-nowrap text-slate-950 shadow',
        className,
      )}
    >
      <Tag aria-hidden className="size-2.5 shrink-0" />
      Listed
      {price !== null && <span className="truncate tabular-nums">{`· ${formatNumber(price)}`}</span>}
    </span>
  );
}
