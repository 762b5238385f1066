import { cn } from '@/lib/cn';

import { formatStockChange } from '../utils';

/** A 24h change with sign and two decimals ('+1.25%'), green up and red down; '0%' when flat or unknown. */
export function StockChange({ value, className }: { value: number | null | undefined; className?: string }) {
  const text = formatStockChange(value);
  const trend = text.startsWith('+') ? 'up' : text.startsWith('-') ? 'down' : 'flat';
  return (
    <span
      data-trend={trend}
      className={cn(
        'text-xs font-semibold tabular-nums',
        trend === 'up' ? 'text-emerald-400' : trend === 'down' ? 'text-rose-400' : 'text-slate-400',
        className,
      )}
    >
      {text}
    </span>
  );
}
