import { ChevronRight, Coins } from 'lucide-react';

import { ListedBadge } from '@/components/cards/ListedBadge';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { PriceChange } from '@/components/cards/PriceChange';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { Card } from '@touchline/contract';
import { cardPriceChange, editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';

/** List View: one row per card with art, player, team, rarity, price and change. */
export function CardList({ cards, onSelect }: { cards: Card[]; onSelect: (card: Card) => void }) {
  return (
    <ul aria-label="Cards" className="flex flex-col gap-2">
      {cards.map((card) => {
        const { player } = card;
        const edition = editionLabel(card.editionNumber, card.maxEditions);
        return (
          <li key={card.id}>
            <button
              type="button"
              onClick={() => onSelect(card)}
              className="flex w-full items-center gap-3 rounded-2xl border border-white/5 bg-slate-900/70 p-2.5 text-left transition-colors hover:border-white/10 hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              <div className="w-12 shrink-0">
                <PlayerCard player={player} variant="art" className="shadow-md" />
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-center gap-2">
                  <p className="min-w-0 text-sm font-bold wrap-break-word text-slate-50">
                    {player.name}
                    <span className="sr-only">,</span>
                  </p>
                  <RarityBadge rarity={player.rarity} size="short" />
                </div>
                <p className="truncate text-xs text-slate-400">{`${player.position} · ${player.team.name}`}</p>
                {edition && <p className="text-[11px] font-medium text-slate-400">{edition}</p>}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="inline-flex items-center gap-1 text-sm font-bold text-amber-300">
                  <Coins aria-hidden className="size-3.5" />
                  {formatNumber(player.currentPrice)}
                </span>
                <PriceChange value={cardPriceChange(card)} />
                {card.forSale && <ListedBadge price={card.listingPrice} />}
              </div>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-slate-600" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
