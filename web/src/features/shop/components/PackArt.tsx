import type { CSSProperties } from 'react';

import { LogoMark } from '@/components/Logo';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { cn } from '@/lib/cn';

import { packTier } from '../utils';

/** Teeth of the crimped seal along the top and bottom edges. */
const TEETH = 16;
const CRIMP_DEPTH = 2.2;

/** The pack's outline: a rectangle whose top and bottom edges are zigzag crimps. */
function crimpedOutline(): string {
  const points: string[] = [`0% ${CRIMP_DEPTH}%`];
  for (let i = 0; i < TEETH; i++) {
    points.push(`${((i + 0.5) / TEETH) * 100}% 0%`, `${((i + 1) / TEETH) * 100}% ${CRIMP_DEPTH}%`);
  }
  points.push(`100% ${100 - CRIMP_DEPTH}%`);
  for (let i = TEETH - 1; i >= 0; i--) {
    points.push(`${((i + 0.5) / TEETH) * 100}% 100%`, `${(i / TEETH) * 100}% ${100 - CRIMP_DEPTH}%`);
  }
  return `polygon(${points.join(', ')})`;
}

const OUTLINE: CSSProperties = { clipPath: crimpedOutline() };

export interface PackArtProps {
  /** The pack's name picks the art: Common, Rare, Epic, Legendary or Ultra Legendary Pack (else Common). */
  name: string;
  className?: string;
}

/**
 * A sealed foil pack drawn in the browser in its tier's colour: Common grey, Rare blue, Epic purple,
 * Legendary gold, Ultra Legendary holographic. Crimped seals, a light band across the foil and the
 * product mark on a label. Sizes itself to its width.
 */
export function PackArt({ name, className }: PackArtProps) {
  const tier = packTier(name);
  const style = rarityStyle(tier);

  return (
    <div
      role="img"
      aria-label={`${name} art`}
      data-tier={tier}
      className={cn(
        '@container relative aspect-[5/7] w-full drop-shadow-[0_10px_18px_rgb(0_0_0_/_0.5)]',
        className,
      )}
    >
      <div className={cn('absolute inset-0 overflow-hidden', style.frame)} style={OUTLINE}>
        <div aria-hidden className="pack-foil absolute inset-0" />
        <div aria-hidden className="card-stripes absolute inset-0 opacity-70" />
        {tier === 'Ultra Legendary' && <div aria-hidden className="holo-sheen absolute inset-0" />}
        <div aria-hidden className="pack-crimp absolute inset-x-0 top-0 h-[7%]" />
        <div aria-hidden className="pack-crimp absolute inset-x-0 bottom-0 h-[7%]" />
        <div aria-hidden className="absolute inset-x-0 top-[7%] h-[0.8cqw] bg-black/25" />
        <div aria-hidden className="absolute inset-x-0 bottom-[7%] h-[0.8cqw] bg-black/25" />
        <div aria-hidden className="absolute inset-y-0 left-[6%] w-[0.8cqw] bg-white/15" />
        <div aria-hidden className="absolute inset-y-0 right-[6%] w-[0.8cqw] bg-black/15" />

        <div
          aria-hidden
          className={cn(
            'absolute inset-x-[12%] top-[20%] bottom-[20%] flex flex-col items-center justify-center gap-[4cqw]',
            'rounded-[6cqw] bg-slate-950/40 px-[4cqw] text-center ring-1 ring-white/25',
          )}
        >
          <LogoMark className="size-[26cqw] shadow-lg shadow-black/40" />
          <span className="font-display text-[max(7px,11cqw)] leading-[0.95] font-black tracking-tight text-white uppercase drop-shadow">
            {tier.toUpperCase()}
          </span>
          <span className="text-[max(6px,6.5cqw)] leading-none font-bold tracking-[0.3em] text-white/75">
            PACK
          </span>
        </div>
      </div>
    </div>
  );
}
