import { Coins, Tag, Undo2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { saleFeeAtRate, SELL_CLOSED_MESSAGE, SELL_CLOSED_TITLE } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import type { Card } from '@touchline/contract';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useMarketStatus, useWithdrawListing } from '@/lib/data/market';

export interface CardListingActionsProps {
  card: Card;
  /** Opens the sell form. */
  onSell: () => void;
}

/**
 * The market part of an owned card's popup: 'Sell Card' while the market is open and the card is not
 * listed; for a listed card its price and 'Remove Listing' (allowed any time).
 */
export function CardListingActions({ card, onSell }: CardListingActionsProps) {
  const { data: status } = useMarketStatus();
  const withdraw = useWithdrawListing();

  function sell() {
    if (status?.isOpen !== true) {
      toast.error(SELL_CLOSED_TITLE, { description: SELL_CLOSED_MESSAGE });
      return;
    }
    onSell();
  }

  function removeListing() {
    withdraw.mutate(
      { cardId: card.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () =>
          toast.success('Listing removed', { description: `${card.player.name} is no longer for sale.` }),
        onError: (error) => toast.error('Failed to remove listing', { description: errorMessage(error) }),
      },
    );
  }

  if (card.forSale) {
    const price = card.listingPrice;
    const rate = card.listingFeePercent;
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-amber-400/25 bg-amber-400/10 px-3 py-2.5">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="inline-flex items-center gap-1.5 text-sm font-bold text-amber-200">
            <Coins aria-hidden className="size-4 shrink-0" />
            {typeof price === 'number' ? `Listed for ${formatNumber(price)}` : 'Listed for sale'}
          </p>
          {/* The rate was fixed when the card was listed: price moves since then do not change it. */}
          {typeof price === 'number' && typeof rate === 'number' && (
            <p className="text-xs text-amber-100/80">
              {`${rate}% fee fixed at listing: you receive ${formatNumber(price - saleFeeAtRate(price, rate))} coins`}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" loading={withdraw.isPending} onClick={removeListing}>
          {!withdraw.isPending && <Undo2 aria-hidden className="size-3.5" />}
          Remove Listing
        </Button>
      </div>
    );
  }

  if (status?.isOpen) {
    return (
      <Button size="lg" className="w-full" onClick={sell}>
        <Tag aria-hidden className="size-4" />
        Sell Card
      </Button>
    );
  }

  if (status?.isOpen === false) {
    return (
      <p className="text-center text-xs text-slate-400">You can sell this card when the market opens.</p>
    );
  }

  return null;
}
