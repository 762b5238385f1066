import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import type { AuctionDuration, Card } from '@touchline/contract';
import { AUCTION_DURATION_LABELS, AUCTION_DURATION_NAMES, saleFeePercent } from '@touchline/rules';

import { Button } from '@/components/ui/Button';
import { Input, Label } from '@/components/ui/Input';
import { SalePriceInput, useSalePrice } from '@/components/market/SalePrice';
import { Select } from '@/components/ui/Select';
import { auctionPath } from '@/config/paths';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useStartAuction } from '@/lib/data/auctions';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';

export interface AuctionCardFormProps {
  card: Card;
  onCancel: () => void;
  /** After the auction started (the popup closes, the auction's page opens). */
  onStarted: () => void;
}

/**
 * 'Put up for auction' in an owned card's popup: the start price (within the sell bounds, the
 * current price by default), an optional buy-now price above it, and the duration; the fee rate the
 * start price fixes is shown before confirming.
 */
export function AuctionCardForm({ card, onCancel, onStarted }: AuctionCardFormProps) {
  const currentPrice = card.player.currentPrice;
  // The start price follows the market's sell rules, as a listing's price does.
  const sale = useSalePrice(currentPrice, currentPrice);
  const [buyNowText, setBuyNowText] = useState('');
  const [duration, setDuration] = useState<AuctionDuration>('24h');
  const [key] = useState(newIdempotencyKey);
  const start = useStartAuction();
  const navigate = useNavigate();
  const ids = { start: useId(), buyNow: useId(), duration: useId(), hint: useId() };

  const { price: startPrice, valid: startValid, min, max } = sale;
  const buyNow = buyNowText.trim() === '' ? null : Number(buyNowText);
  const buyNowValid = buyNow === null || (Number.isSafeInteger(buyNow) && buyNow > startPrice);
  const valid = startValid && buyNowValid;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    start.mutate(
      { body: { cardId: card.id, startPrice, buyNowPrice: buyNow, duration }, idempotencyKey: key },
      {
        onSuccess: (auction) => {
          toast.success('Auction started', {
            description: `${card.player.name} is up for auction for ${AUCTION_DURATION_LABELS[duration]}.`,
          });
          onStarted();
          void navigate(auctionPath(auction.id));
        },
        onError: (error) => toast.error('Auction not started', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form
      aria-label="Put up for auction"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-emerald-400/20 bg-slate-950/60 p-3.5"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.start}>Start price</Label>
        <SalePriceInput id={ids.start} hintId={ids.hint} sale={sale} autoFocus />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.buyNow}>Buy-now price (optional)</Label>
        <Input
          id={ids.buyNow}
          type="number"
          inputMode="numeric"
          min={startValid ? startPrice + 1 : undefined}
          step={1}
          value={buyNowText}
          onChange={(event) => setBuyNowText(event.target.value)}
          aria-invalid={!buyNowValid || undefined}
          aria-describedby={ids.hint}
          className="font-semibold tabular-nums"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.duration}>Duration</Label>
        <Select
          id={ids.duration}
          value={duration}
          onChange={(event) => setDuration(event.target.value as AuctionDuration)}
        >
          {AUCTION_DURATION_NAMES.map((name) => (
            <option key={name} value={name}>
              {AUCTION_DURATION_LABELS[name]}
            </option>
          ))}
        </Select>
      </div>
      <div id={ids.hint} aria-live="polite" className="flex flex-col gap-1 text-xs">
        {!startValid ? (
          <p role="alert" className="font-medium text-rose-300">
            {`Enter a start price between ${formatNumber(min)} and ${formatNumber(max)} coins.`}
          </p>
        ) : !buyNowValid ? (
          <p role="alert" className="font-medium text-rose-300">
            The buy-now price must be above the start price.
          </p>
        ) : (
          <p className="font-medium text-slate-300">
            {`${saleFeePercent(startPrice, currentPrice)}% sale fee on the final price, fixed now.`}
          </p>
        )}
        <p className="text-slate-400">
          Bids must beat the last by 5%. A bid in the last 30 seconds adds time. Without bids the card comes
          back to you. While at auction it cannot be sold or traded.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={onCancel} disabled={start.isPending}>
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} loading={start.isPending}>
          {!start.isPending && <Check aria-hidden className="size-4" />}
          Start auction
        </Button>
      </div>
    </form>
  );
}
