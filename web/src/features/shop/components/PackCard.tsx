import { Coins, Layers, ShoppingBag } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/Button';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { rarityStyle } from '@/components/cards/rarityStyles';
import { CoinAmount } from '@/components/CoinAmount';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { coinShortfall } from '@/lib/shortfall';
import { cn } from '@/lib/cn';

import type { CardPack } from '@touchline/contract';
import { formatPercent, oddsSummary, sortedOdds } from '../utils';
import { PackArt } from './PackArt';

export interface PackCardProps {
  pack: CardPack;
  /** The user's coins; undefined while unknown (the button stays enabled, the server decides). */
  coins: number | undefined;
  onBuy: (pack: CardPack) => void;
  buying: boolean;
  /** Another purchase is in flight. */
  busy: boolean;
}

/**
 * A card pack: art, name, rarity, description, size, price and the published odds per rarity. 'Buy Pack'
 * turns into a disabled 'Add More Coins' when the user's coins are below the price, with how many coins
 * are missing and the way to Purchase Coins.
 */
export function PackCard({ pack, coins, onBuy, buying, busy }: PackCardProps) {
  const nameId = useId();
  const oddsId = useId();
  const shortfallId = useId();
  const shortfall = coinShortfall(coins, pack.price);
  const affordable = shortfall === 0;
  const odds = sortedOdds(pack.odds ?? []);

  return (
    <li
      aria-labelledby={nameId}
      data-testid={`pack-${pack.id}`}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-slate-900/70 p-3.5',
        rarityStyle(pack.rarity).border,
      )}
    >
      <div className="flex gap-3.5">
        <div className="w-20 shrink-0 pt-1">
          <PackArt name={pack.name} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={nameId} className="text-base font-bold text-slate-50">
              {pack.name}
            </h3>
            <RarityBadge rarity={pack.rarity} />
          </div>
          <p className="text-xs text-slate-400">{pack.description}</p>
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <span className="inline-flex items-center gap-1 font-semibold text-slate-300">
              <Layers aria-hidden className="size-3.5" />
              {`${pack.packSize} cards`}
            </span>
            <span className="inline-flex items-center gap-1">
              <CoinAmount value={pack.price} className="text-sm" />
              <span className="text-slate-400">coins</span>
            </span>
          </div>
        </div>
      </div>

      {odds.length > 0 && (
        <div className="flex flex-col gap-1.5 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5">
          <p id={oddsId} className="text-[10px] font-bold tracking-widest text-slate-400 uppercase">
            Odds per card
          </p>
          <div aria-hidden className="flex h-1.5 w-full overflow-hidden rounded-full bg-slate-800">
            {odds.map((odd) => (
              <span
                key={odd.rarity}
                title={`${formatPercent(odd.percent)} ${odd.rarity}`}
                className={cn('h-full', rarityStyle(odd.rarity).bar)}
                style={{ width: `${odd.percent}%` }}
              />
            ))}
          </div>
          <p aria-labelledby={oddsId} className="text-xs font-medium text-slate-300">
            {oddsSummary(odds)}
          </p>
        </div>
      )}

      {affordable ? (
        <Button className="w-full" loading={buying} disabled={busy && !buying} onClick={() => onBuy(pack)}>
          {!buying && <ShoppingBag aria-hidden className="size-4" />}
          Buy Pack
        </Button>
      ) : (
        <div className="flex flex-col items-center gap-1.5">
          <Button className="w-full" variant="secondary" disabled aria-describedby={shortfallId}>
            <Coins aria-hidden className="size-4" />
            Add More Coins
          </Button>
          <CoinShortfall id={shortfallId} shortfall={shortfall} />
        </div>
      )}
    </li>
  );
}
