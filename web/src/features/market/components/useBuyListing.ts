import { toast } from 'sonner';

import { errorMessage, newIdempotencyKey } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useBuyCard } from '../api';
import type { MarketItem } from '../types';
import { DIRECT_BUY_CLOSED_MESSAGE, MARKET_CLOSED_TITLE } from '../utils';

/** The 'Market Closed' toast of a direct buy outside market hours. */
export function toastMarketClosed() {
  toast.error(MARKET_CLOSED_TITLE, { description: DIRECT_BUY_CLOSED_MESSAGE });
}

/**
 * Buying a listing with its toasts: 'Purchase successful', or 'Purchase failed' with the server's
 * message. Each call is one click, so it gets its own Idempotency-Key.
 */
export function useBuyListing() {
  const mutation = useBuyCard();

  function buy(item: MarketItem, onBought?: () => void) {
    mutation.mutate(
      { cardId: item.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (result) => {
          toast.success('Purchase successful', {
            description: `You bought ${item.player.name} for ${formatNumber(result.pricePaid)} coins.`,
          });
          onBought?.();
        },
        onError: (error) =>
          toast.error('Purchase failed', {
            description: errorMessage(error, 'Not enough coins or card unavailable'),
          }),
      },
    );
  }

  /** Whether this listing's purchase is in flight. */
  const isBuying = (cardId: number) => mutation.isPending && mutation.variables?.cardId === cardId;

  return { buy, isBuying, isPending: mutation.isPending };
}
