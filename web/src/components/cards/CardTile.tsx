import { cn } from '@/lib/cn';

import type { Card } from '@touchline/contract';
import { ListedBadge } from '@/components/cards/ListedBadge';
import { PlayerCard } from '@/components/cards/PlayerCard';

export interface CardTileProps {
  card: Card;
  onSelect: (card: Card) => void;
  /** Small label in the top corner, for example '×2'. */
  badge?: string;
  className?: string;
}

/** An owned card that opens the card detail popup when tapped; a listed one says so with its price. */
export function CardTile({ card, onSelect, badge, className }: CardTileProps) {
  const { player } = card;
  return (
    <button
      type="button"
      onClick={() => onSelect(card)}
      className={cn(
        'group relative block w-full rounded-[8%/5.714%] text-left transition-transform duration-200 hover:-translate-y-0.5 active:scale-[0.97]',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        className,
      )}
    >
      <PlayerCard player={player} editionNumber={card.editionNumber} maxEditions={card.maxEditions} />
      {badge && (
        <span className="absolute -top-1.5 -right-1.5 z-10 rounded-full border border-slate-950 bg-emerald-500 px-1.5 py-0.5 text-[10px] leading-none font-black text-slate-950 shadow">
          {badge}
        </span>
      )}
      {card.forSale && (
        <ListedBadge price={card.listingPrice} className="absolute -top-2 left-1/2 z-10 -translate-x-1/2" />
      )}
    </button>
  );
}
