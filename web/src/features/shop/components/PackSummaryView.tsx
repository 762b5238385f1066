import { Check, Sparkles, Star } from 'lucide-react';

import { Button } from '@/components/ui/Button';
import { CoinAmount } from '@/components/CoinAmount';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { packSummary } from '../utils';
import type { OpenedPack } from './opened-pack';

/**
 * After the reveal: every card of the pack face up, the cards' market value against the price paid,
 * the best pull highlighted and 'New' on the players the collection did not hold before.
 */
export function PackSummaryView({ pack, onClose }: { pack: OpenedPack; onClose: () => void }) {
  const { totalValue, gain, bestIndex, isNew } = packSummary(pack.cards, pack.pricePaid, pack.ownedBefore);
  const newCount = isNew.filter(Boolean).length;

  return (
    <section
      aria-labelledby="pack-summary-title"
      className="relative flex flex-1 flex-col gap-4 pt-4"
      data-testid="pack-summary"
    >
      <h3
        id="pack-summary-title"
        className="text-center text-sm font-bold tracking-widest text-slate-300 uppercase"
      >
        Pack summary
      </h3>
      <dl className="grid grid-cols-2 gap-2 rounded-2xl border border-white/10 bg-slate-900/80 p-3 text-sm">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-slate-400">Total value</dt>
          <dd>
            <CoinAmount value={totalValue} className="text-lg" />
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs text-slate-400">Price paid</dt>
          <dd>
            <CoinAmount value={pack.pricePaid} className="text-lg text-slate-200" />
          </dd>
        </div>
        <div className="col-span-2 flex items-center justify-between gap-2 border-t border-white/5 pt-2">
          <dt className="text-xs text-slate-400">
            {gain >= 0 ? 'Worth more than you paid' : 'Worth less than you paid'}
          </dt>
          <dd className={cn('font-bold tabular-nums', gain >= 0 ? 'text-emerald-300' : 'text-rose-300')}>
            {`${gain >= 0 ? '+' : '−'}${formatNumber(Math.abs(gain))} coins`}
          </dd>
        </div>
      </dl>
      {newCount > 0 && (
        <p className="text-center text-xs font-semibold text-emerald-300">
          {`${newCount} ${newCount === 1 ? 'player' : 'players'} new to your collection`}
        </p>
      )}
      <ul aria-label="Cards in this pack" className="grid grid-cols-3 gap-2.5">
        {pack.cards.map((card, index) => {
          const best = index === bestIndex && pack.cards.length > 1;
          return (
            <li
              key={card.id}
              aria-label={`${card.player.name}${best ? ', best pull' : ''}${isNew[index] ? ', new' : ''}`}
              data-best={best ? 'true' : undefined}
              data-new={isNew[index] ? 'true' : undefined}
              className={cn(
                'relative flex flex-col items-center gap-1 rounded-xl p-1',
                best && 'bg-amber-400/10 ring-2 ring-amber-300',
              )}
            >
              <PlayerCard
                player={card.player}
                editionNumber={card.editionNumber}
                maxEditions={card.maxEditions}
              />
              <div className="flex min-h-5 flex-wrap items-center justify-center gap-1">
                {best && (
                  <span className="inline-flex items-center gap-0.5 rounded-full bg-amber-300 px-1.5 py-0.5 text-[10px] font-black text-slate-950 uppercase">
                    <Star aria-hidden className="size-3" />
                    Best pull
                  </span>
                )}
                {isNew[index] && (
                  <span className="inline-flex items-center gap-0.5 rounded-full bg-emerald-400 px-1.5 py-0.5 text-[10px] font-black text-slate-950 uppercase">
                    <Sparkles aria-hidden className="size-3" />
                    New
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-auto flex w-full flex-col items-center gap-2 pt-2">
        <Button size="lg" className="w-full" onClick={onClose}>
          <Check aria-hidden className="size-4" />
          Done
        </Button>
      </div>
    </section>
  );
}
