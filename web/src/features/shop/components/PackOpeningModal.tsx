import * as Dialog from '@radix-ui/react-dialog';
import { Check, ChevronLeft, ChevronRight, PackageOpen, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { isWalkout, Walkout } from '@/components/moments/Walkout';
import { useMarkPackRevealed } from '@/lib/data/pack-reveal';
import { holdMoments } from '@/lib/moments';

import { Button } from '@/components/ui/Button';
import { FlipCard } from '@/components/cards/FlipCard';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { cn } from '@/lib/cn';

import { hasGlowCard, PACK_GLOW_MS, PACK_OPEN_DELAY_MS } from '../utils';
import { PackArt } from './PackArt';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { OpenedPack } from './opened-pack';
import { PackSummaryView } from './PackSummaryView';

export interface PackOpeningModalProps {
  /** The pack just bought; the modal is open while set. */
  pack: OpenedPack | null;
  onClose: () => void;
}

/**
 * The pack opening: the sealed pack and 'Open Pack'; after an 800 ms animation the cards are revealed
 * one at a time ('Card i of n', tap to flip), with previous/next arrows for more than one card, and
 * 'Done'. A Legendary or Ultra Legendary card makes the modal glow for 3 seconds. 'Done' shows the
 * summary: every card, their market value against the price paid, the best pull, the new players;
 * its own 'Done' closes the modal.
 */
export function PackOpeningModal({ pack, onClose }: PackOpeningModalProps) {
  return (
    <Dialog.Root
      open={pack !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90 backdrop-blur-md" />
        {pack && <PackOpening pack={pack} onClose={onClose} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Stage = 'sealed' | 'opening' | 'revealing' | 'summary';

function PackOpening({ pack, onClose }: { pack: OpenedPack; onClose: () => void }) {
  const returnFocus = useReturnFocus();
  const { cards } = pack;
  const total = cards.length;
  const [stage, setStage] = useState<Stage>('sealed');
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState<boolean[]>(() => cards.map(() => false));
  const [glowing, setGlowing] = useState(false);
  /** A rare pull just flipped: its walkout covers the reveal until 'Continue'. */
  const [walkout, setWalkout] = useState<number | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const markRevealed = useMarkPackRevealed();

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  // The badge and mission moments this pack brings wait until the opening closes (lib/moments.ts).
  useEffect(() => holdMoments(), []);

  /** The summary shows every card: the pack is revealed, no longer unopened on home and the shop. */
  function showSummary() {
    setStage('summary');
    if (pack.purchaseId) markRevealed.mutate(pack.purchaseId);
  }

  function openPack() {
    if (stage !== 'sealed') return;
    setStage('opening');
    timers.current.push(
      setTimeout(() => {
        setStage('revealing');
        if (hasGlowCard(cards)) {
          setGlowing(true);
          timers.current.push(setTimeout(() => setGlowing(false), PACK_GLOW_MS));
        }
      }, PACK_OPEN_DELAY_MS),
    );
  }

  function reveal(at: number) {
    setRevealed((current) => current.map((value, i) => (i === at ? true : value)));
    if (!revealed[at] && cards[at] && isWalkout(cards[at].player.rarity)) setWalkout(at);
  }

  const card = cards[index];
  const onLast = index >= total - 1;
  const revealedCount = revealed.filter(Boolean).length;

  return (
    <Dialog.Content
      {...returnFocus}
      aria-describedby={undefined}
      data-stage={stage}
      data-glow={glowing ? 'true' : undefined}
      onPointerDownOutside={(event) => event.preventDefault()}
      className="fixed inset-0 z-[51] mx-auto flex w-full max-w-md flex-col overflow-x-hidden overflow-y-auto px-4 pt-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] focus:outline-none"
    >
      {glowing && (
        <div
          aria-hidden
          data-testid="pack-glow"
          className="pointer-events-none absolute top-1/3 left-1/2 size-96 -translate-1/2 animate-pack-glow rounded-full bg-radial from-amber-300/60 via-pink-400/30 to-transparent blur-2xl"
        />
      )}
      <div
        aria-hidden
        className="pointer-events-none absolute top-16 left-1/2 size-72 -translate-x-1/2 rounded-full bg-emerald-500/15 blur-3xl"
      />

      <Dialog.Close
        aria-label="Close"
        className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-xl text-slate-400 transition-colors hover:bg-slate-800 hover:text-white"
      >
        <X aria-hidden className="size-5" />
      </Dialog.Close>

      <div className="relative flex flex-col items-center gap-1.5 text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 text-[11px] font-bold tracking-widest text-emerald-300 uppercase">
          <Sparkles aria-hidden className="size-3.5" />
          {`${total} ${total === 1 ? 'card' : 'cards'} inside`}
        </span>
        <Dialog.Title className="font-display text-3xl leading-tight font-black tracking-tight text-white uppercase italic">
          {pack.name}
        </Dialog.Title>
      </div>

      {walkout !== null && cards[walkout] && (
        <Walkout card={cards[walkout]} onContinue={() => setWalkout(null)} />
      )}
      {stage === 'summary' ? (
        <PackSummaryView pack={pack} onClose={onClose} />
      ) : stage === 'revealing' && card ? (
        <div className="relative flex flex-1 flex-col items-center gap-4 pt-4">
          <p aria-live="polite" className="text-sm font-semibold text-slate-300">
            {`Card ${index + 1} of ${total}`}
          </p>
          <div className="flex w-full items-center justify-center gap-3">
            {total > 1 && (
              <Button
                variant="secondary"
                size="icon"
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
              onClick={showSummary}
            >
              <Check aria-hidden className="size-4" />
              Done
            </Button>
          </div>
        </div>
      ) : (
        <div className="relative flex flex-1 flex-col items-center justify-center gap-8 py-6">
          <div
            className={cn(
              'w-48',
              stage === 'opening' ? 'animate-pack-open' : 'animate-pack-float motion-reduce:animate-none',
            )}
          >
            <PackArt name={pack.name} />
          </div>
          <Button size="lg" className="w-full max-w-xs" loading={stage === 'opening'} onClick={openPack}>
            {stage !== 'opening' && <PackageOpen aria-hidden className="size-5" />}
            Open Pack
          </Button>
        </div>
      )}
    </Dialog.Content>
  );
}
