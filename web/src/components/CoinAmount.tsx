import { Coins, type LucideIcon } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

export interface CoinAmountProps {
  value: number;
  className?: string;
  iconClassName?: string;
  /** In place of the coin (a live price's arrow while it moves). */
  icon?: LucideIcon;
}

/** A coin amount with thousands separators after a coin icon: the text is just the number ('12,345'). */
export function CoinAmount({ value, className, iconClassName, icon: Icon = Coins }: CoinAmountProps) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-bold text-amber-300 tabular-nums', className)}>
      <Icon aria-hidden className={cn('size-3.5 shrink-0', iconClassName)} />
      {formatNumber(value)}
    </span>
  );
}
