import * as Dialog from '@radix-ui/react-dialog';
import { PackageOpen, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { CardReveal } from '@/components/packs/CardReveal';
import { useMarkPackRevealed } from '@/lib/data/pack-reveal';
import { holdMoments } from '@/lib/moments';

import { Button } from '@/components/ui/Button';
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
  const [glowing, setGlowing] = useState(false);
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

      {stage === 'summary' ? (
        <PackSummaryView pack={pack} onClose={onClose} />
      ) : stage === 'revealing' ? (
        <CardReveal cards={cards} glowing={glowing} onDone={showSummary} />
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
