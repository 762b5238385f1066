import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { LogoMark } from '@/components/Logo';
import { cn } from '@/lib/cn';

import { rarityStyle } from '@/components/cards/rarityStyles';

/** Length of the flip animation; taps during it are ignored (docs/spec/game-spec.md#4-states-and-transitions and #9-business-constants-and-limits). */
export const FLIP_DURATION_MS = 600;

export interface FlipCardProps {
  /** Shown on the back: '{rarity} Card'. */
  rarity: string;
  /** The revealed face (usually a PlayerCard). */
  front: ReactNode;
  /** Controlled state: true shows the front. */
  flipped?: boolean;
  /** Uncontrolled initial state. */
  defaultFlipped?: boolean;
  onFlippedChange?: (flipped: boolean) => void;
  /** Fires when a tap has finished flipping the card to revealed. */
  onReveal?: () => void;
  className?: string;
}

/** The face-down side: rarity colours, the product mark, '{rarity} Card' and 'Tap to reveal player'. */
export function CardBack({ rarity }: { rarity: string }) {
  const style = rarityStyle(rarity);
  return (
    <div className="@container size-full rounded-[8%/5.714%] shadow-lg shadow-black/40">
      <div className={cn('size-full rounded-[8cqw] p-[2.6cqw]', style.frame)}>
        <div
          className={cn(
            'relative flex size-full flex-col items-center justify-center gap-[5cqw] overflow-hidden rounded-[6cqw] bg-linear-to-br px-[6cqw] text-center ring-1 ring-black/40',
            style.back,
          )}
        >
          <div aria-hidden className="card-stripes absolute inset-0" />
          <div aria-hidden className="absolute inset-[5cqw] rounded-[4cqw] border border-white/15" />
          <div
            aria-hidden
            className="absolute top-1/2 left-1/2 size-[62cqw] -translate-1/2 rounded-full border border-white/10"
          />
          <LogoMark className="relative size-[30cqw] shadow-lg shadow-black/40" />
          <div className="relative flex flex-col gap-[2cqw]">
            <p className="font-display text-[max(8px,11cqw)] leading-none font-extrabold text-white uppercase">{`${rarity} Card`}</p>
            <p className="text-[max(6px,7cqw)] leading-tight font-medium text-white/70">
              Tap to reveal player
            </p>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * A card that flips between its back and its front on tap. The flip takes 600 ms and taps during it
 * are ignored; onReveal fires once a flip to the front has finished.
 */
export function FlipCard({
  rarity,
  front,
  flipped: flippedProp,
  defaultFlipped = false,
  onFlippedChange,
  onReveal,
  className,
}: FlipCardProps) {
  const [internalFlipped, setInternalFlipped] = useState(defaultFlipped);
  const controlled = flippedProp !== undefined;
  const flipped = controlled ? flippedProp : internalFlipped;
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function toggle() {
    if (busy.current) return;
    const next = !flipped;
    busy.current = true;
    if (!controlled) setInternalFlipped(next);
    onFlippedChange?.(next);
    timer.current = setTimeout(() => {
      busy.current = false;
      if (next) onReveal?.();
    }, FLIP_DURATION_MS);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  }

  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={flipped}
      data-state={flipped ? 'revealed' : 'hidden'}
      onClick={toggle}
      onKeyDown={handleKeyDown}
      className={cn(
        'group relative block aspect-[5/7] w-full perspective-[1000px] select-none',
        'rounded-[8%/5.714%] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
        className,
      )}
    >
      <div
        className={cn(
          'relative size-full transition-transform duration-600 ease-[cubic-bezier(0.4,0.2,0.2,1)] transform-3d',
          flipped && 'rotate-y-180',
        )}
      >
        <div aria-hidden={flipped} className="absolute inset-0 backface-hidden">
          <CardBack rarity={rarity} />
        </div>
        <div aria-hidden={!flipped} className="absolute inset-0 rotate-y-180 backface-hidden">
          {front}
        </div>
      </div>
    </div>
  );
}
