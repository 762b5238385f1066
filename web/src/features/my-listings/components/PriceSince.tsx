import { TrendingDown, TrendingUp } from 'lucide-react';

import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { priceMoveSince, signedPercent } from '../utils';

export interface PriceSinceProps {
  /** The player's price when the card was listed; null when not recorded. */
  then: number | null;
  now: number;
}

/** The card's market price then and now: how the market moved since the listing was made. */
export function PriceSince({ then, now }: PriceSinceProps) {
  const move = priceMoveSince(then, now);
  if (!move || then === null)
    return <p className="text-xs text-slate-400">{`Market price now ${formatNumber(now)}`}</p>;
  const up = move.delta > 0;
  const down = move.delta < 0;
  const Icon = down ? TrendingDown : TrendingUp;
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-400">
      <span>{`Market price ${formatNumber(then)} when listed, ${formatNumber(now)} now`}</span>
      <span
        className={cn(
          'inline-flex items-center gap-0.5 font-semibold tabular-nums',
          up ? 'text-emerald-300' : down ? 'text-rose-300' : 'text-slate-300',
        )}
      >
        {(up || down) && <Icon aria-hidden className="size-3" />}
        {signedPercent(move.percent)}
      </span>
    </p>
  );
}
