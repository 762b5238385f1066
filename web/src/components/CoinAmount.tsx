import { Coins } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export interface CoinAmountProps {
  value: number;
  className?: string;
  iconClassName?: string;
}

/** A coin amount with thousands separators after a coin icon: the text is just the number ('12,345'). */
export function CoinAmount({ value, className, iconClassName }: CoinAmountProps) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-bold text-amber-300 tabular-nums', className)}>
      <Coins aria-hidden className={cn('size-3.5 shrink-0', iconClassName)} />
      {formatNumber(value)}
    </span>
  );
}
