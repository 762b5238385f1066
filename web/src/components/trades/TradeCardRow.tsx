import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { Card } from '@touchline/contract';
import { editionLabel } from '@/lib/cards';
import { formatNumber } from '@/lib/format';

/** What a trade shows of a card: another user's cards come without their owner's private figures. */
type TradeCard = Pick<Card, 'id' | 'player' | 'editionNumber' | 'maxEditions'>;

/** A card inside a trade: thumbnail, name, rarity, position and team, edition and value. */
export function TradeCardRow({ card }: { card: TradeCard }) {
  const { player } = card;
  const edition = editionLabel(card.editionNumber, card.maxEditions);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-white/5 bg-slate-950/50 p-2">
      <div className="w-10 shrink-0">
        <PlayerCard player={player} variant="art" className="shadow-md" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex items-center gap-2">
          <p className="min-w-0 text-sm font-bold wrap-break-word text-slate-50">{player.name}</p>
          <RarityBadge rarity={player.rarity} size="short" />
        </div>
        <p className="truncate text-xs text-slate-400">{`${player.position} · ${player.team.name}`}</p>
        <p className="truncate text-[11px] text-slate-400">
          {edition
            ? `${edition} · ${formatNumber(player.currentPrice)} coins`
            : `${formatNumber(player.currentPrice)} coins`}
        </p>
      </div>
    </li>
  );
}

/** The cards of one side of a trade. */
export function TradeCardList({ cards, label }: { cards: readonly TradeCard[]; label: string }) {
  if (cards.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-1.5">
      {cards.map((card) => (
        <TradeCardRow key={card.id} card={card} />
      ))}
    </ul>
  );
}
