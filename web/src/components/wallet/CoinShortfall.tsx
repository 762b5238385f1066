import { Coins } from 'lucide-react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { shortfallText } from '@/lib/shortfall';

export interface CoinShortfallProps {
  /** The coins missing (coinShortfall); nothing renders at 0. */
  shortfall: number;
  /** Ties the note to the disabled button it explains (aria-describedby). */
  id?: string;
  className?: string;
}

/**
 * Why an action that costs coins is disabled: 'You need N more coins', and the way to get them
 * (Purchase Coins). Shown beside the disabled button before the player can press it.
 */
export function CoinShortfall({ shortfall, id, className }: CoinShortfallProps) {
  if (shortfall <= 0) return null;
  return (
    <p
      id={id}
      data-testid="coin-shortfall"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-semibold text-amber-200',
        className,
      )}
    >
      <span className="inline-flex items-center gap-1">
        <Coins aria-hidden className="size-3.5 shrink-0" />
        {shortfallText(shortfall)}
      </span>
      <Link
        to={paths.purchaseCoins}
        className="rounded text-emerald-300 underline underline-offset-2 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        Purchase Coins
      </Link>
    </p>
  );
}
