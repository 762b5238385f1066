import { TrendingDown, TrendingUp } from 'lucide-react';

import { cn } from '@/lib/cn';

import { formatPercentChange } from '@/lib/cards';

/** A percent change with one decimal: green when up, red when down. */
export function PriceChange({ value, className }: { value: number; className?: string }) {
  const text = formatPercentChange(value);
  const up = text.startsWith('+');
  const down = text.startsWith('-');
  const Icon = down ? TrendingDown : TrendingUp;
  return (
    <span
      data-trend={up ? 'up' : down ? 'down' : 'flat'}
      className={cn(
        'inline-flex items-center gap-1 text-xs font-semibold tabular-nums',
        up ? 'text-emerald-400' : down ? 'text-rose-400' : 'text-slate-400',
        className,
      )}
    >
      {(up || down) && <Icon aria-hidden className="size-3.5" />}
      {text}
    </span>
  );
}
