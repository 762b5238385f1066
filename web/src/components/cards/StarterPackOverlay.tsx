import * as Dialog from '@radix-ui/react-dialog';
import { ArrowRight, FastForward, Sparkles } from 'lucide-react';
import { useEffect, useState, type CSSProperties } from 'react';

import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';

import { useMarkStarterPackRevealed, useStarterPack } from '@/lib/data/cards';
import type { Card } from '@touchline/contract';
import { rarityRank } from '@/lib/cards';
import { CardBack, FlipCard } from '@/components/cards/FlipCard';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { useReturnFocus } from '@/lib/use-return-focus';
import { releaseStarterReveal } from '@/lib/moments';

/** Every card of the pack reveals itself after this long (docs/spec/game-spec.md#9-business-constants-and-limits). */
export const AUTO_REVEAL_MS = 10_000;
const COLUMNS = 5;

/**
 * The starter-pack reveal: opens by itself while GET /api/user/starter-pack returns cards. Closing it
 * ('Continue to App') marks the pack revealed and refetches it, so it never opens again.
 */
export function StarterPackOverlay() {
  const { data: cards } = useStarterPack();
  const [dismissed, setDismissed] = useState(false);
  const markRevealed = useMarkStarterPackRevealed();
  // Leaving the reveal any way (closing it, another page) lets a sign-up's held toasts show.
  useEffect(() => releaseStarterReveal, []);

  if (!cards || cards.length === 0 || dismissed) return null;

  function close() {
    setDismissed(true);
    markRevealed.mutate();
    releaseStarterReveal();
  }

  return <StarterPackReveal cards={cards} onClose={close} />;
}

interface StarterPackRevealProps {
  cards: Card[];
  onClose: () => void;
}

function StarterPackReveal({ cards, onClose }: StarterPackRevealProps) {
  const returnFocus = useReturnFocus();
  const [flipped, setFlipped] = useState<boolean[]>(() => cards.map(() => false));
  const [revealed, setRevealed] = useState<boolean[]>(() => cards.map(() => false));
  const [spotlight, setSpotlight] = useState<number | null>(null);
  const allRevealed = revealed.every(Boolean);
  const revealedCount = revealed.filter(Boolean).length;

  function revealAll() {
    setFlipped(cards.map(() => true));
    setRevealed(cards.map(() => true));
    setSpotlight((current) => current ?? bestCardIndex(cards));
  }

  useEffect(() => {
    const timer = setTimeout(() => {
      setFlipped((current) => current.map(() => true));
      setRevealed((current) => current.map(() => true));
      setSpotlight((current) => current ?? bestCardIndex(cards));
    }, AUTO_REVEAL_MS);
    return () => clearTimeout(timer);
  }, [cards]);

  function handleFlip(index: number, next: boolean) {
    // A revealed card stays face up: a tap on it puts it in the spotlight instead.
    if (!next) {
      setSpotlight(index);
      return;
    }
    setFlipped((current) => current.map((value, i) => (i === index ? true : value)));
  }

  function handleReveal(index: number) {
    setRevealed((current) => current.map((value, i) => (i === index ? true : value)));
    setSpotlight(index);
  }

  const featured = spotlight === null ? null : cards[spotlight];
  const offset = cards.length < COLUMNS ? Math.floor((COLUMNS - cards.length) / 2) + 1 : 1;

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && allRevealed) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90 backdrop-blur-md" />
        <Dialog.Content
          {...returnFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            if (!allRevealed) event.preventDefault();
          }}
          className="fixed inset-0 z-[51] mx-auto flex w-full max-w-md flex-col overflow-y-auto px-4 pt-8 pb-[calc(1.5rem+env(safe-area-inset-bottom))] focus:outline-none"
        >
          <div
            aria-hidden
            className="pointer-events-none absolute top-10 left-1/2 size-80 -translate-x-1/2 rounded-full bg-emerald-500/20 blur-3xl"
          />
          <div className="relative flex flex-col items-center gap-1.5 text-center">
            <span className="inline-flex items-center gap-1.5 rounded-full border border-amber-400/30 bg-amber-400/10 px-3 py-1 text-[11px] font-bold tracking-widest text-amber-300 uppercase">
              <Sparkles aria-hidden className="size-3.5" />
              Welcome gift
            </span>
            <Dialog.Title className="font-display text-3xl leading-tight font-black tracking-tight text-white uppercase italic">
              New Starter Pack!
            </Dialog.Title>
            <Dialog.Description className="text-sm text-slate-300">
              Tap cards to reveal your players
            </Dialog.Description>
          </div>

          <div className="relative flex min-h-64 flex-1 items-center justify-center py-6">
            {featured ? (
              <div
                aria-hidden
                key={featured.id}
                className="flex w-44 animate-card-reveal flex-col items-center gap-3"
              >
                <PlayerCard
                  player={featured.player}
                  editionNumber={featured.editionNumber}
                  maxEditions={featured.maxEditions}
                  className={cn('shadow-2xl', rarityStyle(featured.player.rarity).glow)}
                />
                <span
                  className={cn(
                    'text-xs font-bold tracking-widest uppercase',
                    rarityStyle(featured.player.rarity).text,
                  )}
                >
                  {featured.player.rarity}
                </span>
              </div>
            ) : (
              <button
                type="button"
                onClick={revealAll}
                className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-400"
              >
                {/* Named by text, not aria-label: the cards' backs show words of their own. */}
                <span className="sr-only">Open the pack</span>
                <PackStack cards={cards} />
              </button>
            )}
          </div>

          <ul aria-label="Starter pack cards" className="relative grid grid-cols-5 gap-2">
            {cards.map((card, index) => (
              <li
                key={card.id}
                style={index === 0 ? ({ gridColumnStart: offset } as CSSProperties) : undefined}
              >
                <FlipCard
                  rarity={card.player.rarity}
                  flipped={flipped[index]}
                  onFlippedChange={(next) => handleFlip(index, next)}
                  onReveal={() => handleReveal(index)}
                  front={
                    <PlayerCard
                      player={card.player}
                      editionNumber={card.editionNumber}
                      maxEditions={card.maxEditions}
                    />
                  }
                />
              </li>
            ))}
          </ul>

          <div className="relative mt-6 flex flex-col items-center gap-3">
            <p className="text-xs font-medium text-slate-400" aria-live="polite">
              {`${revealedCount} of ${cards.length} revealed`}
            </p>
            {allRevealed ? (
              <Button size="lg" className="w-full" onClick={onClose}>
                Continue to App
                <ArrowRight aria-hidden className="size-4" />
              </Button>
            ) : (
              <Button size="lg" variant="secondary" className="w-full" onClick={revealAll}>
                <FastForward aria-hidden className="size-4" />
                Skip Reveal
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Index of the rarest (then most valuable) card: the one featured after a skip or auto reveal. */
function bestCardIndex(cards: Card[]): number {
  let best = 0;
  cards.forEach((card, index) => {
    const current = cards[best]!;
    const better =
      rarityRank(card.player.rarity) < rarityRank(current.player.rarity) ||
      (card.player.rarity === current.player.rarity &&
        card.player.currentPrice > current.player.currentPrice);
    if (better) best = index;
  });
  return best;
}

/** The unopened pack: the cards' backs fanned out; tapping it reveals them all. */
function PackStack({ cards }: { cards: Card[] }) {
  const shown = cards.slice(0, 3);
  const tilt = ['-rotate-12 -translate-x-10', 'z-10 -translate-y-2', 'rotate-12 translate-x-10'];
  return (
    <div aria-hidden className="relative flex h-56 w-40 items-center justify-center">
      {shown.map((card, index) => (
        <div
          key={card.id}
          className={cn(
            'absolute w-32 transition-transform',
            shown.length === 1 ? '' : tilt[shown.length === 2 ? index * 2 : index],
          )}
        >
          <div className="aspect-[5/7]">
            <CardBack rarity={card.player.rarity} />
          </div>
        </div>
      ))}
    </div>
  );
}
