import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';

import type { Card } from '@touchline/contract';

import { FlipCard } from '@/components/cards/FlipCard';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { isWalkout, Walkout } from '@/components/moments/Walkout';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

export type RevealedCard = Pick<Card, 'id' | 'player' | 'editionNumber' | 'maxEditions'>;

export interface CardRevealProps {
  /** The cards, face down until tapped; at least one. */
  cards: readonly RevealedCard[];
  /** A Legendary pull's glow around the card (the opener times it). */
  glowing?: boolean;
  /** 'Done': the reveal is over (every card need not be flipped). */
  onDone: () => void;
}

/**
 * Cards revealed one at a time, as a bought pack's and a promo code's are ('Card i of n', tap to flip,
 * previous/next arrows for more than one card, 'Done'). A rare pull (Epic and up) walks out over the
 * whole dialog: render this directly inside a Dialog.Content, which the walkout covers.
 */
export function CardReveal({ cards, glowing = false, onDone }: CardRevealProps) {
  const total = cards.length;
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState<boolean[]>(() => cards.map(() => false));
  /** A rare pull just flipped: its walkout covers the reveal until 'Continue'. */
  const [walkout, setWalkout] = useState<number | null>(null);

  function reveal(at: number) {
    setRevealed((current) => current.map((value, i) => (i === at ? true : value)));
    if (!revealed[at] && cards[at] && isWalkout(cards[at].player.rarity)) setWalkout(at);
  }

  const card = cards[index];
  const onLast = index >= total - 1;
  const revealedCount = revealed.filter(Boolean).length;
  if (!card) return null;

  return (
    <>
      {walkout !== null && cards[walkout] && (
        <Walkout card={cards[walkout]} onContinue={() => setWalkout(null)} />
      )}
      <div className="relative flex flex-1 flex-col items-center gap-4 pt-4">
        <p aria-live="polite" className="text-sm font-semibold text-slate-300">
          {`Card ${index + 1} of ${total}`}
        </p>
        {/* The arrows sit above the card: a flipped card's 3D finish may reach over them (seen at 1280 px). */}
        <div className="flex w-full items-center justify-center gap-3">
          {total > 1 && (
            <Button
              variant="secondary"
              size="icon"
              className="relative z-10"
              aria-label="Previous card"
              disabled={index === 0}
              onClick={() => setIndex((current) => Math.max(0, current - 1))}
            >
              <ChevronLeft aria-hidden className="size-5" />
            </Button>
          )}
          <div
            className={cn(
              'w-52 animate-card-reveal',
              glowing && 'drop-shadow-[0_0_28px_rgb(251_191_36_/_0.7)]',
            )}
          >
            <FlipCard
              key={card.id}
              rarity={card.player.rarity}
              flipped={revealed[index] ?? false}
              onFlippedChange={(next) => {
                if (next) reveal(index);
              }}
              front={
                <PlayerCard
                  player={card.player}
                  editionNumber={card.editionNumber}
                  maxEditions={card.maxEditions}
                  className={cn(revealed[index] && 'shadow-2xl', rarityStyle(card.player.rarity).glow)}
                />
              }
            />
          </div>
          {total > 1 && (
            <Button
              variant="secondary"
              size="icon"
              className="relative z-10"
              aria-label="Next card"
              disabled={onLast}
              onClick={() => setIndex((current) => Math.min(total - 1, current + 1))}
            >
              <ChevronRight aria-hidden className="size-5" />
            </Button>
          )}
        </div>
        <div className="flex min-h-6 items-center justify-center">
          {revealed[index] ? (
            <RarityBadge rarity={card.player.rarity} />
          ) : (
            <p className="text-xs text-slate-400">Tap the card to reveal it</p>
          )}
        </div>
        {total > 1 && (
          <div aria-hidden className="flex items-center gap-1.5">
            {cards.map((item, i) => (
              <span
                key={item.id}
                className={cn(
                  'size-2 rounded-full transition-colors',
                  i === index ? 'bg-emerald-400' : revealed[i] ? 'bg-slate-400' : 'bg-slate-700',
                )}
              />
            ))}
          </div>
        )}
        <div className="mt-auto flex w-full flex-col items-center gap-2 pt-4">
          <p className="text-xs text-slate-400">{`${revealedCount} of ${total} revealed`}</p>
          <Button
            size="lg"
            variant={onLast || revealedCount === total ? 'primary' : 'secondary'}
            className="w-full"
            onClick={onDone}
          >
            <Check aria-hidden className="size-4" />
            Done
          </Button>
        </div>
      </div>
    </>
  );
}
