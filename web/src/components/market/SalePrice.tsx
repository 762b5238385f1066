import { Coins } from 'lucide-react';
import { useState } from 'react';
import { isValidSellPrice, saleFee, saleFeePercent, saleProceeds, sellPriceBounds } from '@touchline/rules';

import { Input } from '@/components/ui/Input';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

/**
 * The price a card is listed at, as the sell form of the card popup (SellCardForm) and 'Change
 * Price' of My Listings (RepriceDialog) both take it: the text typed, the price it reads as, whether
 * the market's rules allow it against the current price, and the bounds they allow.
 */
export interface SalePrice {
  priceText: string;
  setPriceText: (text: string) => void;
  /** NaN while the field is empty. */
  price: number;
  valid: boolean;
  min: number;
  max: number;
  currentPrice: number;
}

export function useSalePrice(currentPrice: number, initialPrice: number): SalePrice {
  const [priceText, setPriceText] = useState(String(initialPrice));
  const price = priceText.trim() === '' ? Number.NaN : Number(priceText);
  const { min, max } = sellPriceBounds(currentPrice);
  return {
    priceText,
    setPriceText,
    price,
    valid: isValidSellPrice(price, currentPrice),
    min,
    max,
    currentPrice,
  };
}

export interface SalePriceInputProps {
  id: string;
  /** The id of the fee preview that describes the field. */
  hintId: string;
  sale: SalePrice;
  /** With a coin icon at its start (the sell form). */
  coinIcon?: boolean;
  autoFocus?: boolean;
}

/** The whole-coins price field, bounded by the allowed range and marked invalid outside it. */
export function SalePriceInput({
  id,
  hintId,
  sale,
  coinIcon = false,
  autoFocus = false,
}: SalePriceInputProps) {
  const input = (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={sale.min}
      max={sale.max}
      step={1}
      value={sale.priceText}
      onChange={(event) => sale.setPriceText(event.target.value)}
      aria-invalid={!sale.valid || undefined}
      aria-describedby={hintId}
      className={cn('font-semibold tabular-nums', coinIcon && 'pl-10')}
      autoFocus={autoFocus}
    />
  );
  if (!coinIcon) return input;
  return (
    <div className="relative">
      <Coins
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-amber-300"
      />
      {input}
    </div>
  );
}

/**
 * The fee of a valid price and what the seller gets: '10% marketplace fee: 15 coins' and the
 * proceeds line, whose words each screen gives ('Estimated proceeds: 135 coins' when listing, 'You
 * receive 135 coins' when changing a price) from the proceeds written out.
 */
export function SaleFeeLines({ sale, proceeds }: { sale: SalePrice; proceeds: (coins: string) => string }) {
  const { price, currentPrice } = sale;
  return (
    <>
      <p className="font-medium text-slate-300">
        {`${saleFeePercent(price, currentPrice)}% marketplace fee: ${formatNumber(saleFee(price, currentPrice))} coins`}
      </p>
      <p className="font-bold text-emerald-300">
        {proceeds(formatNumber(saleProceeds(price, currentPrice)))}
      </p>
    </>
  );
}
