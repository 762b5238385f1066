import { ArrowDown, ArrowUp } from 'lucide-react';

import { formatNumber } from '@/lib/format';

import { CoinAmount, type CoinAmountProps } from '@/components/CoinAmount';
import { cn } from '@/lib/cn';
import { useValueChange } from '@/lib/use-value-change';

/** How long a moved price stays marked. */
export const PRICE_FLASH_MS = 2_000;

/**
 * A price that moves with the market: when a tick changes it, it flashes green (up) or red (down)
 * for two seconds, and an arrow takes the coin's place, so the way it moved shows without colour
 * too. Under prefers-reduced-motion the background does not fade: the arrow alone marks it.
 */
export function LiveCoinAmount({
  value,
  className,
  iconClassName,
  plain = false,
}: Omit<CoinAmountProps, 'icon'> & {
  /** The number alone (no coin), as the card popups' stats show it; the arrow only while it moves. */
  plain?: boolean;
}) {
  const flash = useValueChange(value, PRICE_FLASH_MS);
  const Arrow = flash === 'up' ? ArrowUp : flash === 'down' ? ArrowDown : undefined;
  const arrowClass = cn(
    iconClassName,
    flash === 'up' && 'text-emerald-400',
    flash === 'down' && 'text-rose-400',
  );
  return (
    <span
      data-live-price
      data-flash={flash ?? undefined}
      className={cn(
        'inline-flex rounded-md',
        flash === 'up' && 'motion-safe:animate-price-up',
        flash === 'down' && 'motion-safe:animate-price-down',
      )}
    >
      {plain ? (
        <span className={cn('inline-flex items-center gap-1 tabular-nums', className)}>
          {Arrow && <Arrow aria-hidden className={cn('size-3.5 shrink-0', arrowClass)} />}
          {formatNumber(value)}
        </span>
      ) : (
        <CoinAmount value={value} className={className} icon={Arrow} iconClassName={arrowClass} />
      )}
    </span>
  );
}
