import { Check } from 'lucide-react';

import { PlayerCard } from '@/components/cards/PlayerCard';
import type { Card } from '@touchline/contract';
import { cn } from '@/lib/cn';

export interface SelectableCardGridProps {
  cards: readonly Card[];
  selectedId: number | null;
  onSelect: (card: Card) => void;
  /** Accessible name of the grid. */
  label: string;
  className?: string;
}

/** Own cards as small faces; tapping one selects it (aria-pressed), tapping it again keeps it selected. */
export function SelectableCardGrid({
  cards,
  selectedId,
  onSelect,
  label,
  className,
}: SelectableCardGridProps) {
  return (
    <ul
      aria-label={label}
      className={cn('grid grid-cols-3 gap-x-2.5 gap-y-3 lg:grid-cols-5 xl:grid-cols-6', className)}
    >
      {cards.map((card) => {
        const selected = card.id === selectedId;
        const { player } = card;
        return (
          <li key={card.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(card)}
              className={cn(
                'relative block w-full rounded-[8%/5.714%] text-left transition-transform duration-200 active:scale-[0.97]',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
                selected
                  ? 'ring-2 ring-emerald-400 ring-offset-2 ring-offset-slate-950'
                  : 'opacity-90 hover:opacity-100',
              )}
            >
              <PlayerCard player={player} editionNumber={card.editionNumber} maxEditions={card.maxEditions} />
              {selected && (
                <span
                  aria-hidden
                  className="absolute -top-1.5 -right-1.5 z-10 flex size-5 items-center justify-center rounded-full border border-slate-950 bg-emerald-500 text-slate-950 shadow"
                >
                  <Check className="size-3.5" strokeWidth={3} />
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
