import { Check, X } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { saleFeePercent, SELL_CLOSED_MESSAGE, SELL_CLOSED_TITLE } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Input';
import { SaleFeeLines, SalePriceInput, useSalePrice } from '@/components/market/SalePrice';
import type { Card } from '@touchline/contract';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

import { useMarketStatus, useSellCard } from '@/lib/data/market';

export interface SellCardFormProps {
  card: Card;
  /** Back to the popup's view. */
  onCancel: () => void;
  /** After a successful sale (the popup closes). */
  onSold: () => void;
}

/**
 * The inline sell form of the card popup: 'Selling Price' (defaults to the current price), the allowed
 * range, the exact fee and the estimated proceeds for the entered price, 'Confirm Sale' and 'Cancel'.
 */
export function SellCardForm({ card, onCancel, onSold }: SellCardFormProps) {
  const currentPrice = card.player.currentPrice;
  const sale = useSalePrice(currentPrice, currentPrice);
  const { data: status } = useMarketStatus();
  const sell = useSellCard();
  const inputId = useId();
  const hintId = useId();

  const { price, valid, min, max } = sale;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (status?.isOpen !== true) {
      toast.error(SELL_CLOSED_TITLE, { description: SELL_CLOSED_MESSAGE });
      return;
    }
    if (!valid) return;
    sell.mutate(
      // The rate shown goes along: if the price moved meanwhile, the server refuses rather than charge another.
      {
        cardId: card.id,
        price,
        expectedFeePercent: saleFeePercent(price, currentPrice),
        idempotencyKey: newIdempotencyKey(),
      },
      {
        onSuccess: (result) => {
          toast.success('Card listed for sale', {
            description: `${card.player.name} is listed for ${formatNumber(result.price)} coins at a ${result.feePercent}% fee, fixed until it sells. Estimated proceeds: ${formatNumber(result.estimatedProceeds)} coins.`,
          });
          onSold();
        },
        onError: (error) => toast.error('Failed to sell card', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form
      aria-label="Sell card"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-emerald-400/20 bg-slate-950/60 p-3.5"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>Selling Price</Label>
        <SalePriceInput id={inputId} hintId={hintId} sale={sale} coinIcon autoFocus />
      </div>

      <dl className="grid grid-cols-3 gap-2 text-center">
        <Bound label="Min" value={min} />
        <Bound label="Current" value={currentPrice} highlight />
        <Bound label="Max" value={max} />
      </dl>

      <div id={hintId} aria-live="polite" className="flex flex-col gap-1 text-xs">
        {valid ? (
          <SaleFeeLines sale={sale} proceeds={(coins) => `Estimated proceeds: ${coins} coins`} />
        ) : (
          <p role="alert" className="font-medium text-rose-300">
            {`Enter a whole number of coins between ${formatNumber(min)} and ${formatNumber(max)}.`}
          </p>
        )}
        <p className="text-slate-400">
          Listing above the current price costs 15% instead of 10%. The rate is fixed when you list: later
          price moves do not change it.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={onCancel} disabled={sell.isPending}>
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} loading={sell.isPending}>
          {!sell.isPending && <Check aria-hidden className="size-4" />}
          Confirm Sale
        </Button>
      </div>
    </form>
  );
}

function Bound({ label, value, highlight = false }: { label: string; value: number; highlight?: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-0.5 rounded-xl border border-white/5 bg-slate-900/80 px-2 py-2">
      <dt className="text-[10px] font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className={cn('text-sm font-bold tabular-nums', highlight ? 'text-amber-300' : 'text-slate-100')}>
        {formatNumber(value)}
      </dd>
    </div>
  );
}
