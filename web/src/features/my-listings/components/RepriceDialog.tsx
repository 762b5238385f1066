import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, type FormEvent } from 'react';

import { saleFeePercent, SELL_CLOSED_MESSAGE } from '@touchline/rules';
import type { OwnListing } from '@touchline/contract';

import { Button } from '@/components/ui/Button';
import { Label } from '@/components/ui/Input';
import { SaleFeeLines, SalePriceInput, useSalePrice } from '@/components/market/SalePrice';
import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { useMarketStatus } from '@/lib/data/market';
import { useRepriceListing } from '@/lib/data/own-listings';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useReturnFocus } from '@/lib/use-return-focus';

export interface RepriceDialogProps {
  listing: OwnListing;
  onClose: () => void;
}

/**
 * 'Change Price': the listing is withdrawn and listed again at the new price, so the new price gets
 * the fee of a new listing (10% at or below the current price, 15% above), shown before confirming.
 */
export function RepriceDialog({ listing, onClose }: RepriceDialogProps) {
  const currentPrice = listing.currentPrice;
  const sale = useSalePrice(currentPrice, listing.price);
  const { priceText, price, valid, min, max } = sale;
  const { data: status } = useMarketStatus();
  const reprice = useRepriceListing();
  const inputId = useId();
  const hintId = useId();
  const open = status?.isOpen === true;
  // One key per price asked: a second click on the same confirmation makes no second listing.
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [priceText]); // eslint-disable-line react-hooks/exhaustive-deps

  const returnFocus = useReturnFocus();

  function confirm(event: FormEvent) {
    event.preventDefault();
    if (!valid || !open) return;
    reprice.mutate(
      {
        cardId: listing.card.id,
        price,
        expectedFeePercent: saleFeePercent(price, currentPrice),
        idempotencyKey,
      },
      {
        onSuccess: (result) => {
          toast.success('Price changed', {
            description: `${listing.card.player.name} is listed for ${formatNumber(result.price)} coins at a ${result.feePercent}% fee.`,
          });
          onClose();
        },
        onError: (error) => toast.error('Failed to change price', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(next) => !next && !reprice.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-[51] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-1/2 overflow-y-auto rounded-2xl border border-white/10 bg-slate-900 p-5 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-slate-50">Change Price</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-300">
            {`${listing.card.player.name} is taken off the market and listed again at the new price, with the fee of that price.`}
          </Dialog.Description>
          <dl className="mt-3 flex flex-col gap-1.5 rounded-xl border border-white/5 bg-slate-950/50 px-3 py-2.5 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-400">Listed for</dt>
              <dd className="font-semibold text-slate-100">{`${formatNumber(listing.price)} coins`}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-400">Current price</dt>
              <dd className="font-semibold text-slate-100">{`${formatNumber(currentPrice)} coins`}</dd>
            </div>
          </dl>
          <form onSubmit={confirm} className="mt-4 flex flex-col gap-1.5">
            <Label htmlFor={inputId}>New Price</Label>
            <SalePriceInput id={inputId} hintId={hintId} sale={sale} />
            <div id={hintId} aria-live="polite" className="flex flex-col gap-0.5 text-xs">
              {!open ? (
                <p className="font-medium text-amber-200">{SELL_CLOSED_MESSAGE}</p>
              ) : valid ? (
                <SaleFeeLines sale={sale} proceeds={(coins) => `You receive ${coins} coins`} />
              ) : (
                <p className="font-medium text-rose-300">
                  {`Price must be between ${formatNumber(min)} and ${formatNumber(max)} coins`}
                </p>
              )}
            </div>
            <div className="mt-4 flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={reprice.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={!valid || !open} loading={reprice.isPending}>
                {valid ? `List for ${formatNumber(price)}` : 'Change Price'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
