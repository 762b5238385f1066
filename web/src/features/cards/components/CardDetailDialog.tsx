import * as Dialog from '@radix-ui/react-dialog';
import { format, isValid, parseISO } from 'date-fns';
import { ArrowLeftRight, CalendarDays, Coins, Gem, Hash, TrendingUp, X, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import type { Card } from '../types';
import { cardPriceChange, cardScarcity, editionLabel } from '../utils';
import { ClubLogo } from './ClubCrest';
import { PlayerCard } from './PlayerCard';
import { PriceChange } from './PriceChange';
import { RarityBadge } from './RarityBadge';
import { rarityStyle } from './rarityStyles';

/** The dialog's first flag turns on this long after it opens (game spec, section 4)... */
export const REVEAL_STAGE_ONE_MS = 500;
/** ...and the second this long after the first. */
export const REVEAL_STAGE_TWO_MS = 1000;

export interface CardDetailDialogProps {
  /** The card shown; null keeps the dialog closed. */
  card: Card | null;
  onClose: () => void;
}

/** The card detail popup of an owned card: reveal animation, stats and the 'Trade Card' action. */
export function CardDetailDialog({ card, onClose }: CardDetailDialogProps) {
  return (
    <Dialog.Root
      open={card !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        {card && <CardDetailContent key={card.id} card={card} onClose={onClose} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function formatDate(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'Unknown';
}

function formatProfitLoss(value: number): string {
  if (value > 0) return `+${formatNumber(value)} coins`;
  if (value < 0) return `-${formatNumber(Math.abs(value))} coins`;
  return '0 coins';
}

function CardDetailContent({ card, onClose }: { card: Card; onClose: () => void }) {
  const navigate = useNavigate();
  const { player } = card;
  const style = rarityStyle(player.rarity);
  // Staged reveal: 0 the card flips in, 1 (500 ms) shine and details, 2 (+1000 ms) the glow settles.
  const [revealed, setRevealed] = useState(false);
  const [settled, setSettled] = useState(false);
  const edition = editionLabel(card.editionNumber, card.maxEditions);
  const scarcity = cardScarcity(player.scarcity, card.editionNumber, card.maxEditions);
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

  function trade() {
    onClose();
    void navigate(`${paths.tradeMarketplace}?cardId=${card.id}`);
  }

  return (
    <Dialog.Content
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
            editionNumber={card.editionNumber}
            maxEditions={card.maxEditions}
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
            <ClubLogo team={player.team} className="size-4" />
            <span>{player.position}</span>
            <span aria-hidden>·</span>
            <span>{player.team.name}</span>
          </Dialog.Description>
        </div>

        <dl className="grid grid-cols-2 gap-2">
          <Stat icon={Coins} label="Current Price">
            <span className="text-base font-bold text-amber-300">{formatNumber(player.currentPrice)}</span>
            <PriceChange value={cardPriceChange(card)} />
          </Stat>
          <Stat icon={CalendarDays} label="Acquired">
            <span className="text-sm font-semibold text-slate-100">{formatDate(card.acquiredAt)}</span>
          </Stat>
          <Stat icon={TrendingUp} label="Profit/Loss">
            <span
              className={cn(
                'text-sm font-bold',
                card.profitLoss > 0
                  ? 'text-emerald-400'
                  : card.profitLoss < 0
                    ? 'text-rose-400'
                    : 'text-slate-300',
              )}
            >
              {formatProfitLoss(card.profitLoss)}
            </span>
          </Stat>
          {edition && (
            <Stat icon={Hash} label="Edition">
              <span className="text-sm font-semibold text-slate-100">{edition}</span>
            </Stat>
          )}
        </dl>

        {scarcity !== null && (
          <div className="rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5">
            <div className="flex items-center justify-between text-[11px] font-medium text-slate-400">
              <span className="inline-flex items-center gap-1.5">
                <Gem aria-hidden className="size-3.5 text-emerald-400" />
                Scarcity
              </span>
              <span className="font-bold text-slate-100">{`${Math.round(scarcity)}%`}</span>
            </div>
            <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-800">
              <div className={cn('h-full rounded-full', style.bar)} style={{ width: `${scarcity}%` }} />
            </div>
          </div>
        )}

        {card.forSale && (
          <p className="rounded-xl border border-amber-400/20 bg-amber-400/10 px-3 py-2 text-xs font-medium text-amber-200">
            This card is listed for sale, so it can&apos;t be offered in a trade.
          </p>
        )}

        <div className="flex flex-col gap-2">
          <Button size="lg" variant="outline" className="w-full" disabled={card.forSale} onClick={trade}>
            <ArrowLeftRight aria-hidden className="size-4" />
            Trade Card
          </Button>
        </div>
      </div>
    </Dialog.Content>
  );
}

function Stat({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
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
