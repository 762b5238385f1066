import { Check, Layers } from 'lucide-react';

import { PlayerCard } from '@/components/cards/PlayerCard';
import { QueryError } from '@/components/QueryError';
import { EmptyState } from '@/components/ui/EmptyState';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useTradeableCards } from '@/lib/data/trades';
import type { TradeableCard } from '@touchline/contract';

/** docs/design.md#7-decisions-on-the-specs-open-points and the trading service: at most this many cards per side of an offer. */
export const MAX_ASKED_CARDS = 10;

export interface AskForPickerProps {
  /** The chosen recipient; null while none is chosen. */
  userId: number | null;
  username: string;
  selectedIds: readonly number[];
  onToggle: (card: TradeableCard) => void;
  /** What choosing a card does, in its button's name: 'Ask for' (the default) or 'Offer' (one's own). */
  verb?: 'Ask for' | 'Offer';
}

/**
 * 'Ask for' (docs/design.md#7-decisions-on-the-specs-open-points): the recipient's cards one may ask for (not listed, not held by a
 * trade), any number up to the limit; tapping a card toggles it.
 */
export function AskForPicker({
  userId,
  username,
  selectedIds,
  onToggle,
  verb = 'Ask for',
}: AskForPickerProps) {
  const cards = useTradeableCards(userId);
  if (userId === null) return <p className="text-xs text-slate-400">Choose a user to see their cards.</p>;
  if (cards.isPending) {
    return (
      <div
        role="status"
        aria-label={`Loading ${username}'s cards`}
        className="grid grid-cols-3 gap-x-2.5 gap-y-3 lg:grid-cols-5 xl:grid-cols-6"
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="aspect-[5/7] rounded-[8%/5.714%]" />
        ))}
      </div>
    );
  }
  if (cards.isError) {
    return (
      <QueryError error={cards.error} onRetry={() => void cards.refetch()} retrying={cards.isFetching} />
    );
  }
  if (cards.data.length === 0) {
    return (
      <EmptyState
        icon={Layers}
        title={`${username} has no cards to trade`}
        description={`Cards listed for sale or held by another trade can't be ${verb === 'Offer' ? 'offered' : 'asked for'}.`}
      />
    );
  }
  const full = selectedIds.length >= MAX_ASKED_CARDS;
  return (
    <>
      <p className="text-xs text-slate-400">
        {`${formatNumber(selectedIds.length)} of up to ${MAX_ASKED_CARDS} chosen`}
      </p>
      <ul
        aria-label={`${username}'s cards`}
        className="grid grid-cols-3 gap-x-2.5 gap-y-3 lg:grid-cols-5 xl:grid-cols-6"
      >
        {cards.data.map((card) => {
          const selected = selectedIds.includes(card.id);
          const { player } = card;
          return (
            <li key={card.id}>
              <button
                type="button"
                aria-pressed={selected}
                disabled={!selected && full}
                onClick={() => onToggle(card)}
                className={cn(
                  'relative block w-full rounded-[8%/5.714%] text-left transition-transform duration-200 active:scale-[0.97] disabled:opacity-40',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400',
                  selected
                    ? 'ring-2 ring-sky-400 ring-offset-2 ring-offset-slate-950'
                    : 'opacity-90 hover:opacity-100',
                )}
              >
                {/* The name is this text, not an aria-label over the card's own visible text (axe:
                    label-content-name-mismatch); the card face is decoration to assistive technology. */}
                <span className="sr-only">{`${verb} ${player.name}, ${player.rarity} ${player.position}, ${formatNumber(player.currentPrice)} coins`}</span>
                <span aria-hidden className="block">
                  <PlayerCard
                    player={player}
                    editionNumber={card.editionNumber}
                    maxEditions={card.maxEditions}
                  />
                </span>
                {selected && (
                  <span
                    aria-hidden
                    className="absolute -top-1.5 -right-1.5 z-10 flex size-5 items-center justify-center rounded-full border border-slate-950 bg-sky-400 text-slate-950 shadow"
                  >
                    <Check className="size-3.5" strokeWidth={3} />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
