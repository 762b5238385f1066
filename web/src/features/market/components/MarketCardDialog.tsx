import { format, isValid, parseISO } from 'date-fns';
import {
  ArrowLeftRight,
  CalendarDays,
  Coins,
  Hash,
  Lock,
  ShoppingCart,
  Undo2,
  UserRound,
} from 'lucide-react';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/Button';
import { CardDialogContent, CardDialogRoot, DialogStat, ScarcityBar } from '@/components/cards/CardDialog';
import { PriceChange } from '@/components/cards/PriceChange';
import { editionLabel } from '@/lib/cards';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { CoinShortfall } from '@/components/wallet/CoinShortfall';
import { useUser } from '@/lib/data/auth';
import { useWithdrawListing } from '@/lib/data/market';
import { coinShortfall } from '@/lib/shortfall';
import type { MarketItem } from '@touchline/contract';
import type { ListingAction } from '../utils';
import { LiveCoinAmount } from '@/components/market/LiveCoinAmount';
import { displayName } from '@/lib/people';

export interface MarketCardDialogProps {
  /** The listing shown; null keeps the dialog closed. */
  item: MarketItem | null;
  action: ListingAction | null;
  onClose: () => void;
  onBuy: (item: MarketItem) => void;
  buying: boolean;
}

/**
 * The card popup of a market listing: 'Buy for {price}' (market card), 'Trade for {price}' (a user's
 * listing), the closed-market notice, or the viewer's own listing with 'Remove Listing'.
 */
export function MarketCardDialog({ item, action, onClose, onBuy, buying }: MarketCardDialogProps) {
  return (
    <CardDialogRoot open={item !== null} onClose={onClose}>
      {item && action && (
        <MarketCardDetail
          key={item.id}
          item={item}
          action={action}
          onClose={onClose}
          onBuy={onBuy}
          buying={buying}
        />
      )}
    </CardDialogRoot>
  );
}

function listedDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM d, h:mm a') : null;
}

function MarketCardDetail({
  item,
  action,
  onClose,
  onBuy,
  buying,
}: {
  item: MarketItem;
  action: ListingAction;
  onClose: () => void;
  onBuy: (item: MarketItem) => void;
  buying: boolean;
}) {
  const { player } = item;
  const edition = editionLabel(item.editionNumber, item.maxEditions);
  const listed = listedDate(item.listedAt);
  const seller = action === 'own' ? 'You' : displayName(item.userId, item.username, undefined);

  return (
    <CardDialogContent player={player} editionNumber={item.editionNumber} maxEditions={item.maxEditions}>
      <dl className="grid grid-cols-2 gap-2">
        <DialogStat icon={Coins} label="Price">
          <LiveCoinAmount value={item.price} className="text-base" />
          <PriceChange value={item.priceChange} />
        </DialogStat>
        <DialogStat icon={UserRound} label="Seller">
          <span className="text-sm font-semibold text-slate-100">{seller}</span>
        </DialogStat>
        {item.userId !== 0 && (
          <DialogStat icon={Coins} label="Market Value">
            <LiveCoinAmount
              plain
              value={player.currentPrice}
              className="text-sm font-semibold text-slate-100"
            />
          </DialogStat>
        )}
        {edition && (
          <DialogStat icon={Hash} label="Edition">
            <span className="text-sm font-semibold text-slate-100">{edition}</span>
          </DialogStat>
        )}
        {listed && (
          <DialogStat icon={CalendarDays} label="Listed">
            <span className="text-sm font-semibold text-slate-100">{listed}</span>
          </DialogStat>
        )}
      </dl>

      <ScarcityBar player={player} editionNumber={item.editionNumber} maxEditions={item.maxEditions} />

      <MarketCardAction item={item} action={action} onClose={onClose} onBuy={onBuy} buying={buying} />
    </CardDialogContent>
  );
}

function MarketCardAction({
  item,
  action,
  onClose,
  onBuy,
  buying,
}: {
  item: MarketItem;
  action: ListingAction;
  onClose: () => void;
  onBuy: (item: MarketItem) => void;
  buying: boolean;
}) {
  const withdraw = useWithdrawListing();
  const { data: user } = useUser();
  const price = formatNumber(item.price);
  // A price above the balance is not offered: the button waits for the missing coins.
  const shortfall = coinShortfall(user?.coins, item.price);
  const shortfallId = `shortfall-${item.id}`;

  switch (action) {
    case 'own':
      return (
        <div className="flex flex-col gap-2">
          <p className="rounded-xl border border-sky-400/25 bg-sky-500/10 px-3 py-2 text-center text-xs font-semibold text-sky-200">
            Your listing
          </p>
          <Button
            size="lg"
            variant="outline"
            className="w-full"
            loading={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(
                { cardId: item.id, idempotencyKey: newIdempotencyKey() },
                {
                  onSuccess: () => {
                    toast.success('Listing removed', {
                      description: `${item.player.name} is no longer for sale.`,
                    });
                    onClose();
                  },
                  onError: (error) =>
                    toast.error('Failed to remove listing', { description: errorMessage(error) }),
                },
              )
            }
          >
            {!withdraw.isPending && <Undo2 aria-hidden className="size-4" />}
            Remove Listing
          </Button>
        </div>
      );
    case 'closed':
      return (
        <div className="flex flex-col gap-2">
          <p className="rounded-xl border border-amber-400/25 bg-amber-400/10 px-3 py-2 text-center text-xs font-semibold text-amber-200">
            Market closed - Direct buys unavailable
          </p>
          <Button size="lg" variant="secondary" className="w-full" disabled>
            <Lock aria-hidden className="size-4" />
            Available during market hours
          </Button>
        </div>
      );
    case 'buy':
    case 'trade':
      return (
        <div className="flex flex-col gap-2">
          <Button
            size="lg"
            className="w-full"
            loading={buying}
            disabled={shortfall > 0}
            aria-describedby={shortfall > 0 ? shortfallId : undefined}
            onClick={() => onBuy(item)}
          >
            {!buying &&
              (action === 'buy' ? (
                <ShoppingCart aria-hidden className="size-4" />
              ) : (
                <ArrowLeftRight aria-hidden className="size-4" />
              ))}
            {action === 'buy' ? `Buy for ${price}` : `Trade for ${price}`}
            <Coins aria-hidden className="size-4" />
          </Button>
          <CoinShortfall id={shortfallId} shortfall={shortfall} className="justify-center" />
        </div>
      );
  }
}
