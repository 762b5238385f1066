import { cn } from '@/lib/cn';

import { rarityAbbreviation } from '@/lib/cards';
import { rarityStyle } from '@/components/cards/rarityStyles';

export interface RarityBadgeProps {
  rarity: string;
  /** 'full' shows the name, 'short' the abbreviation (C, R, E, L, UL) with the name as title. */
  size?: 'full' | 'short';
  className?: string;
}

export function RarityBadge({ rarity, size = 'full', className }: RarityBadgeProps) {
  const style = rarityStyle(rarity);
  return (
    <span
      title={size === 'short' ? rarity : undefined}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-[10px] leading-tight font-bold tracking-wide uppercase',
        style.badge,
        className,
      )}
    >
      {size === 'short' ? rarityAbbreviation(rarity) : rarity}
    </span>
  );
}
