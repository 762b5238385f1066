import { Sparkles } from 'lucide-react';

import type { Card } from '@touchline/contract';

import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { rarityRank } from '@/lib/cards';

/** Epic and up walk out: a pull rare enough for the whole screen (issue 43). */
export function isWalkout(rarity: string): boolean {
  // rarityRank counts from the rarest (0): Epic and everything before it.
  return rarityRank(rarity) <= rarityRank('Epic');
}

export interface WalkoutProps {
  card: Pick<Card, 'id' | 'player' | 'editionNumber' | 'maxEditions'>;
  onContinue: () => void;
}

/**
 * The walkout: a rare pull takes the whole screen of the reveal it belongs to (a pack, a promo code's
 * cards), its rarity named first and the card rising into the light. Inside the reveal's own dialog,
 * so the focus stays there; 'Continue' goes back to the reveal.
 */
export function Walkout({ card, onContinue }: WalkoutProps) {
  const { player } = card;
  return (
    <section
      aria-labelledby={`walkout-${card.id}`}
      data-testid="walkout"
      className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-5 overflow-y-auto bg-slate-950/95 px-6 py-8 text-center"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute top-1/3 left-1/2 size-[30rem] -translate-1/2 rounded-full bg-radial from-amber-200/50 via-fuchsia-500/20 to-transparent blur-2xl motion-safe:animate-pack-glow"
      />
      <p className="relative inline-flex items-center gap-1.5 text-xs font-bold tracking-[0.3em] text-amber-200 uppercase">
        <Sparkles aria-hidden className="size-4" />
        Walkout
      </p>
      <h2 id={`walkout-${card.id}`} className="relative font-display text-3xl font-black text-white">
        {`${player.rarity} pull!`}
      </h2>
      <div className={cn('relative w-56 motion-safe:animate-card-reveal', rarityStyle(player.rarity).glow)}>
        <PlayerCard player={player} editionNumber={card.editionNumber} maxEditions={card.maxEditions} />
      </div>
      <div className="relative flex flex-col items-center gap-1">
        <p className="text-xl font-bold text-white">{player.name}</p>
        <RarityBadge rarity={player.rarity} />
      </div>
      <Button size="lg" className="relative w-full max-w-xs" autoFocus onClick={onContinue}>
        Continue
      </Button>
    </section>
  );
}
