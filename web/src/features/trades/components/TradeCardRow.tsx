import { PlayerCard } from '@/features/cards/components/PlayerCard';
import { RarityBadge } from '@/features/cards/components/RarityBadge';
import type { Card } from '@/features/cards/types';
import { editionLabel } from '@/features/cards/utils';
import { formatNumber } from '@/lib/format';

/** A card inside a trade: thumbnail, name, rarity, position and club, edition and value. */
export function TradeCardRow({ card }: { card: Card }) {
  const { player } = card;
  const edition = editionLabel(card.editionNumber, card.maxEditions);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-white/5 bg-slate-950/50 p-2">
      <div className="w-10 shrink-0">
        <PlayerCard player={player} variant="art" className="shadow-md" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <p className="truncate text-sm font-bold text-slate-50">{player.name}</p>
          <RarityBadge rarity={player.rarity} size="short" />
        </div>
        <p className="truncate text-xs text-slate-400">{`${player.position} · ${player.team.name}`}</p>
        <p className="truncate text-[11px] text-slate-500">
          {edition
            ? `${edition} · ${formatNumber(player.currentPrice)} coins`
            : `${formatNumber(player.currentPrice)} coins`}
        </p>
      </div>
    </li>
  );
}

/** The cards of one side of a trade. */
export function TradeCardList({ cards, label }: { cards: readonly Card[]; label: string }) {
  if (cards.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-1.5">
      {cards.map((card) => (
        <TradeCardRow key={card.id} card={card} />
      ))}
    </ul>
  );
}
