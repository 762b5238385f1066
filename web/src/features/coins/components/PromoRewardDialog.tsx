import * as Dialog from '@radix-ui/react-dialog';
import { Coins, Gift, Package, RotateCcw, Sparkles, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { CardReveal } from '@/components/packs/CardReveal';
import { holdMoments } from '@/lib/moments';
import { RarityBadge } from '@/components/cards/RarityBadge';
import type { Card } from '@touchline/contract';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import type { PromoReward } from '@touchline/contract';
import { MAX_GENERATED_CARDS_SHOWN, moreCardsLabel } from '@/lib/coins';
import { useReturnFocus } from '@/lib/use-return-focus';

export interface PromoRewardDialogProps {
  /** The redeemed code; the dialog is open while a reward is given. */
  code: string;
  reward: PromoReward | null;
  /** 'Redeem Another Code' or closing: resets the form. */
  onReset: () => void;
}

/** The cards a promo code gave, in the order they are revealed: the named card, then the generated ones. */
export function promoCards(reward: PromoReward): Card[] {
  return reward.card ? [reward.card, ...reward.generatedCards] : [...reward.generatedCards];
}

/**
 * What a promo code gave. Cards (a named one, a pack's, generated ones) are first revealed one at a
 * time as a bought pack's are (components/packs/CardReveal: tap to flip, a walkout for Epic and up);
 * 'Done' or closing the reveal shows the rewards: coins, the card, packs (name and quantity) and the
 * generated cards, of which at most 4 are listed, then '+ n more cards'.
 */
export function PromoRewardDialog({ code, reward, onReset }: PromoRewardDialogProps) {
  const returnFocus = useReturnFocus();
  /** The reward whose reveal is over (by identity: a new redemption is revealed again). */
  const [revealedFor, setRevealedFor] = useState<PromoReward | null>(null);
  const cards = reward ? promoCards(reward) : [];
  const revealing = reward !== null && cards.length > 0 && revealedFor !== reward;
  return (
    <Dialog.Root
      open={reward !== null}
      onOpenChange={(open) => {
        if (open) return;
        // Closing the reveal skips to the rewards, so the player still sees what the code gave.
        if (revealing) setRevealedFor(reward);
        else onReset();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className={cn(
            'fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm',
            revealing && 'bg-slate-950/90 backdrop-blur-md',
          )}
        />
        <Dialog.Content
          {...returnFocus}
          // The reveal has no description (its cards speak); the rewards' is Radix's own.
          {...(revealing ? { 'aria-describedby': undefined } : {})}
          data-stage={revealing ? 'revealing' : 'rewards'}
          onPointerDownOutside={revealing ? (event) => event.preventDefault() : undefined}
          className={cn(
            revealing
              ? 'fixed inset-0 z-[51] mx-auto flex w-full max-w-md flex-col overflow-x-hidden overflow-y-auto px-4 pt-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] focus:outline-none'
              : 'fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-1/2 overflow-y-auto rounded-3xl border border-emerald-400/30 bg-slate-900 p-5 shadow-2xl shadow-black/60 focus:outline-none',
          )}
        >
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 z-10 inline-flex size-9 items-center justify-center rounded-xl text-slate-400 transition-colors hover:bg-slate-800 hover:text-white"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {reward &&
            (revealing ? (
              <PromoReveal cards={cards} onDone={() => setRevealedFor(reward)} />
            ) : (
              <RewardBody code={code} reward={reward} onReset={onReset} />
            ))}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The reveal of a promo code's cards, with the rewards' title; badge and mission moments wait for it. */
function PromoReveal({ cards, onDone }: { cards: Card[]; onDone: () => void }) {
  useEffect(() => holdMoments(), []);
  return (
    <>
      <div className="relative flex flex-col items-center gap-1.5 text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-emerald-400/30 bg-emerald-400/10 px-3 py-1 text-[11px] font-bold tracking-widest text-emerald-300 uppercase">
          <Sparkles aria-hidden className="size-3.5" />
          {`${cards.length} ${cards.length === 1 ? 'card' : 'cards'} inside`}
        </span>
        <Dialog.Title className="font-display text-3xl leading-tight font-black tracking-tight text-white uppercase italic">
          Your Rewards
        </Dialog.Title>
      </div>
      <CardReveal cards={cards} onDone={onDone} />
    </>
  );
}

function RewardBody({ code, reward, onReset }: { code: string; reward: PromoReward; onReset: () => void }) {
  const generated = reward.generatedCards.slice(0, MAX_GENERATED_CARDS_SHOWN);
  const hidden = reward.generatedCards.length - generated.length;
  const hasCards = reward.card !== null || reward.generatedCards.length > 0;
  const empty = !(reward.coins > 0) && !hasCards && reward.packs.length === 0;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-2 pt-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-500/15 text-emerald-300 shadow-lg shadow-emerald-500/20">
          <Gift aria-hidden className="size-7" />
        </span>
        <Dialog.Title className="font-display text-3xl leading-none font-extrabold tracking-tight text-white uppercase">
          Your Rewards
        </Dialog.Title>
        <Dialog.Description className="text-sm text-slate-400">
          {`Code ${code} unlocked the following:`}
        </Dialog.Description>
      </div>

      {reward.coins > 0 && (
        <section
          aria-label="Coins reward"
          className="flex items-center gap-3 rounded-2xl border border-amber-400/25 bg-amber-400/10 p-3"
        >
          <Coins aria-hidden className="size-6 shrink-0 text-amber-300" />
          <p className="text-lg font-bold text-amber-200 tabular-nums">{`+${formatNumber(reward.coins)} coins`}</p>
        </section>
      )}

      {reward.card && (
        <section aria-label="Card reward" className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Card</h3>
          <div className="flex items-center gap-3 rounded-2xl border border-white/5 bg-slate-950/50 p-3">
            <div className="w-16 shrink-0">
              <PlayerCard
                player={reward.card.player}
                editionNumber={reward.card.editionNumber}
                maxEditions={reward.card.maxEditions}
                variant="art"
              />
            </div>
            <div className="flex min-w-0 flex-col items-start gap-1">
              <p className="truncate text-sm font-bold text-slate-50">{reward.card.player.name}</p>
              <p className="truncate text-xs text-slate-400">{reward.card.player.position}</p>
              <RarityBadge rarity={reward.card.player.rarity} />
            </div>
          </div>
        </section>
      )}

      {reward.packs.length > 0 && (
        <section aria-label="Pack rewards" className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Packs</h3>
          <ul className="flex flex-col gap-1.5">
            {reward.packs.map((pack) => (
              <li
                key={pack.name}
                className="flex items-center gap-2 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2 text-sm"
              >
                <Package aria-hidden className="size-4 text-sky-300" />
                <span className="flex-1 font-semibold text-slate-100">{pack.name}</span>
                <span className="font-bold text-slate-300 tabular-nums">{`× ${pack.quantity}`}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {generated.length > 0 && (
        <section aria-label="Generated cards" className="flex flex-col gap-2">
          <h3 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">
            {`Cards (${reward.generatedCards.length})`}
          </h3>
          <ul aria-label="Generated cards list" className="grid grid-cols-4 gap-2">
            {generated.map((card) => (
              <GeneratedCard key={card.id} card={card} />
            ))}
          </ul>
          {hidden > 0 && (
            <p className="text-center text-xs font-semibold text-slate-400">{moreCardsLabel(hidden)}</p>
          )}
        </section>
      )}

      {empty && <p className="text-center text-sm text-slate-400">The code was redeemed.</p>}

      <div className="flex flex-col gap-2">
        <Button size="lg" onClick={onReset}>
          <RotateCcw aria-hidden className="size-4" />
          Redeem Another Code
        </Button>
        {hasCards && (
          <Link to={paths.collection} className={cn(buttonClasses('outline', 'md'), 'w-full')}>
            View Collection
          </Link>
        )}
      </div>
    </div>
  );
}

function GeneratedCard({ card }: { card: Card }) {
  return (
    <li className="flex min-w-0 flex-col items-center gap-1">
      <PlayerCard
        player={card.player}
        editionNumber={card.editionNumber}
        maxEditions={card.maxEditions}
        variant="art"
      />
      <span className="w-full truncate text-center text-[10px] font-semibold text-slate-200">
        {card.player.name}
      </span>
      <span className="w-full truncate text-center text-[9px] text-slate-400">{card.player.rarity}</span>
    </li>
  );
}
