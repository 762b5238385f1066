import * as Dialog from '@radix-ui/react-dialog';
import { Gem, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

import type { Player } from '@touchline/contract';
import { cardScarcity } from '@/lib/cards';
import { TeamLogo } from '@/components/cards/TeamCrest';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { useReturnFocus } from '@/lib/use-return-focus';
import { StarButton } from '@/components/watchlist/StarButton';

/** The dialog's first flag turns on this long after it opens (docs/spec/game-spec.md#4-states-and-transitions)... */
export const REVEAL_STAGE_ONE_MS = 500;
/** ...and the second this long after the first. */
export const REVEAL_STAGE_TWO_MS = 1000;

export interface CardDialogRootProps {
  open: boolean;
  onClose: () => void;
  /** Usually a <CardDialogContent>, keyed by what it shows so the reveal replays. */
  children: ReactNode;
}

/** The card popup's modal frame; shared by owned cards, market listings and plain players. */
export function CardDialogRoot({ open, onClose, children }: CardDialogRootProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        {children}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export interface CardDialogContentProps {
  player: Player;
  editionNumber?: number | null;
  maxEditions?: number | null;
  /** Stats and actions, shown below the name once the card is revealed. */
  children: ReactNode;
}

/**
 * The card popup's body: the card flips in, then (500 ms) it shines and the details fade in, then
 * (+1000 ms) the glow settles. Rarity-styled frame, name as the dialog title, position and team.
 */
export function CardDialogContent({ player, editionNumber, maxEditions, children }: CardDialogContentProps) {
  const returnFocus = useReturnFocus();
  const style = rarityStyle(player.rarity);
  const [revealed, setRevealed] = useState(false);
  const [settled, setSettled] = useState(false);
  const stage = settled ? 2 : revealed ? 1 : 0;

  useEffect(() => {
    let second: ReturnType<typeof setTimeout> | undefined;
    const first = setTimeout(() => {
      setRevealed(true);
      second = setTimeout(() => setSettled(true), REVEAL_STAGE_TWO_MS);
    }, REVEAL_STAGE_ONE_MS);
    return () => {
      clearTimeout(first);
      clearTimeout(second);
    };
  }, []);

  return (
    <Dialog.Content
      {...returnFocus}
      data-stage={stage}
      className={cn(
        'fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-1/2 overflow-y-auto',
        'rounded-3xl border bg-slate-900 p-5 shadow-2xl shadow-black/60 focus:outline-none',
        style.border,
      )}
    >
      <Dialog.Close
        aria-label="Close"
        className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-xl text-slate-400 transition-colors hover:bg-slate-800 hover:text-white"
      >
        <X aria-hidden className="size-5" />
      </Dialog.Close>

      <div className="relative mx-auto mt-2 w-44">
        <div
          aria-hidden
          className={cn(
            'absolute -inset-6 rounded-full blur-2xl transition-opacity duration-1000',
            style.frame,
            stage === 0 ? 'opacity-0' : stage === 1 ? 'opacity-40' : 'opacity-25',
          )}
        />
        <div className="relative animate-card-reveal">
          <PlayerCard
            player={player}
            editionNumber={editionNumber}
            maxEditions={maxEditions}
            className={cn(
              'transition-shadow duration-700',
              stage >= 1 && 'shadow-2xl',
              stage >= 1 && style.glow,
            )}
          />
          <div
            aria-hidden
            className="pointer-events-none absolute inset-0 overflow-hidden rounded-[8%/5.714%]"
          >
            {stage >= 1 && (
              <div className="absolute inset-y-0 -left-1/2 w-1/2 animate-card-shine bg-linear-to-r from-transparent via-white/45 to-transparent" />
            )}
          </div>
        </div>
      </div>

      <div
        className={cn(
          'mt-5 flex flex-col gap-4 transition-all duration-500',
          stage === 0 ? 'translate-y-2 opacity-0' : 'translate-y-0 opacity-100',
        )}
      >
        <div className="flex flex-col items-center gap-1.5 text-center">
          <RarityBadge
            rarity={player.rarity}
            className={cn(stage === 2 && 'shadow-lg', stage === 2 && style.glow)}
          />
          <Dialog.Title className="font-display text-3xl leading-none font-extrabold tracking-tight text-white uppercase">
            {player.name}
          </Dialog.Title>
          <Dialog.Description className="flex items-center gap-1.5 text-sm text-slate-400">
            <TeamLogo team={player.team} className="size-4" />
            <span>{player.position}</span>
            <span aria-hidden>·</span>
            <span>{player.team.name}</span>
          </Dialog.Description>
          <StarButton player={player} className="mt-1" />
        </div>
        {children}
      </div>
    </Dialog.Content>
  );
}

/** One stat tile of the popup: value above, label below (a dt/dd pair inside a <dl>). */
export function DialogStat({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5">
      <dt className="inline-flex items-center gap-1.5 text-[11px] font-medium text-slate-400">
        <Icon aria-hidden className="size-3.5" />
        {label}
      </dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-0.5">{children}</dd>
    </div>
  );
}

/** The scarcity bar of a card (player scarcity, else the edition's share), hidden when unknown. */
export function ScarcityBar({
  player,
  editionNumber,
  maxEditions,
}: {
  player: Player;
  editionNumber?: number | null;
  maxEditions?: number | null;
}) {
  // The API sends no player scarcity (none is in the data): the edition's share stands in.
  const scarcity = cardScarcity(null, editionNumber, maxEditions);
  if (scarcity === null) return null;
  return (
    <div className="rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5">
      <div className="flex items-center justify-between text-[11px] font-medium text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <Gem aria-hidden className="size-3.5 text-emerald-400" />
          Scarcity
        </span>
        <span className="font-bold text-slate-100">{`${Math.round(scarcity)}%`}</span>
      </div>
      <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-800">
        <div
          className={cn('h-full rounded-full', rarityStyle(player.rarity).bar)}
          style={{ width: `${scarcity}%` }}
        />
      </div>
    </div>
  );
}
