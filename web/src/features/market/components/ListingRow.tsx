import { Lock, ShoppingCart, ArrowLeftRight, UserRound } from 'lucide-react';

import { Button } from '@/components/ui/Button';
import { PlayerCard } from '@/components/cards/PlayerCard';
import { PriceChange } from '@/components/cards/PriceChange';
import { RarityBadge } from '@/components/cards/RarityBadge';
import { editionLabel } from '@/lib/cards';
import { cn } from '@/lib/cn';

import type { MarketItem } from '@touchline/contract';
import type { ListingAction } from '../utils';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { displayName } from '@/lib/people';
import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { coinShortfall } from '@/lib/shortfall';

export interface ListingRowProps {
  item: MarketItem;
  action: ListingAction;
  /** Opens the card popup. */
  onOpen: (item: MarketItem) => void;
  /** 'Buy' or 'Trade' clicked. */
  onBuy: (item: MarketItem) => void;
  /** 'Market Closed' clicked. */
  onClosedClick: () => void;
  buying: boolean;
  /** Another purchase is in flight. */
  busy: boolean;
  /** The viewer's coins, when known: a price above them disables Buy / Trade and says what is missing. */
  coins?: number | undefined;
}

/** A market listing: art, player, seller, price and change, with Buy / Trade / Market Closed / Your listing. */
export function ListingRow({
  item,
  action,
  onOpen,
  onBuy,
  onClosedClick,
  buying,
  busy,
  coins,
}: ListingRowProps) {
  const { player } = item;
  const shortfall = action === 'buy' || action === 'trade' ? coinShortfall(coins, item.price) : 0;
  const shortfallId = `listing-shortfall-${item.id}`;
  const edition = editionLabel(item.editionNumber, item.maxEditions);
  const seller = action === 'own' ? 'You' : displayName(item.userId, item.username, undefined);

  return (
    <li
      data-testid={`listing-${item.id}`}
      className="flex flex-wrap items-center gap-2 rounded-2xl border border-white/5 bg-slate-900/70 p-2.5 transition-colors hover:border-white/10"
    >
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl text-left focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        <div className="w-12 shrink-0">
          <PlayerCard player={player} variant="art" className="shadow-md" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex items-center gap-2">
            <p className="min-w-0 text-sm font-bold wrap-break-word text-slate-50">
              {player.name}
              <span className="sr-only">,</span>
            </p>
            <RarityBadge rarity={player.rarity} size="short" />
          </div>
          <p className="truncate text-xs text-slate-400">{`${player.position} · ${item.team.name}`}</p>
          <p className="flex items-center gap-1 truncate text-[11px] font-medium text-slate-400">
            <UserRound aria-hidden className="size-3 shrink-0" />
            <span className="truncate">{edition ? `${seller} · ${edition}` : seller}</span>
          </p>
        </div>
      </button>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <div className="flex items-center gap-2">
          <PriceChange value={item.priceChange} />
          <LiveCoinAmount value={item.price} className="text-sm" />
        </div>
        <ListingButton
          action={action}
          buying={buying}
          busy={busy}
          short={shortfall > 0}
          describedBy={shortfall > 0 ? shortfallId : undefined}
          onBuy={() => onBuy(item)}
          onClosedClick={onClosedClick}
        />
      </div>
      <CoinShortfall id={shortfallId} shortfall={shortfall} className="basis-full justify-end" />
    </li>
  );
}

function ListingButton({
  action,
  buying,
  busy,
  short,
  describedBy,
  onBuy,
  onClosedClick,
}: {
  action: ListingAction;
  buying: boolean;
  busy: boolean;
  /** The price is above the viewer's coins. */
  short: boolean;
  describedBy: string | undefined;
  onBuy: () => void;
  onClosedClick: () => void;
}) {
  switch (action) {
    case 'own':
      return (
        <span className="inline-flex h-8 items-center rounded-lg border border-sky-400/30 bg-sky-500/10 px-2.5 text-xs font-semibold text-sky-300">
          Your listing
        </span>
      );
    case 'closed':
      // Looks disabled but stays clickable (no disabled or aria-disabled), so the tap can explain why.
      return (
        <button
          type="button"
          data-disabled="true"
          onClick={onClosedClick}
          className={cn(
            'inline-flex h-8 cursor-not-allowed items-center gap-1.5 rounded-lg bg-slate-800 px-3 text-xs font-semibold text-slate-400 opacity-60',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400',
          )}
        >
          <Lock aria-hidden className="size-3.5" />
          Market Closed
        </button>
      );
    case 'buy':
      return (
        <Button
          size="sm"
          className="min-w-20"
          loading={buying}
          disabled={short || (busy && !buying)}
          aria-describedby={describedBy}
          onClick={onBuy}
        >
          {!buying && <ShoppingCart aria-hidden className="size-3.5" />}
          Buy
        </Button>
      );
    case 'trade':
      return (
        <Button
          size="sm"
          variant="secondary"
          className="min-w-20"
          loading={buying}
          disabled={short || (busy && !buying)}
          aria-describedby={describedBy}
          onClick={onBuy}
        >
          {!buying && <ArrowLeftRight aria-hidden className="size-3.5" />}
          Trade
        </Button>
      );
  }
}
