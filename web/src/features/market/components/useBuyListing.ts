import { useQueryClient } from '@tanstack/react-query';
import { actionToast } from '@/lib/moments';
import { toast } from '@/lib/toast';
import type { MarketItem } from '@touchline/contract';
import { DIRECT_BUY_CLOSED_MESSAGE, MARKET_CLOSED_TITLE } from '@touchline/rules';

import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { marketKeys, useBuyCard } from '@/lib/data/market';
import { StillPendingError } from '@/lib/pending';
import { formatNumber } from '@/lib/format';

/** The 'Market Closed' toast of a direct buy outside market hours. */
export function toastMarketClosed() {
  toast.error(MARKET_CLOSED_TITLE, { description: DIRECT_BUY_CLOSED_MESSAGE });
}

export const PURCHASE_PENDING_TITLE = 'Purchase pending';

/** The server's own words of a 409 (e.g. 'The price changed to 1,250 coins'), without the status. */
function conflictMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Buying a listing with its toasts: 'Purchase successful', 'Price changed' when the price moved since
 * the listing was shown (the list is refetched to show the new one), or 'Purchase failed' with the
 * server's message. The buy sends the price shown, so nobody pays a price they did not see. Each call
 * is one click, so it gets its own Idempotency-Key. A purchase the wallet has not confirmed yet shows
 * 'Purchase pending' with the server's words, and the same toast turns into the outcome once it settles.
 */
export function useBuyListing() {
  const queryClient = useQueryClient();
  const mutation = useBuyCard();

  function buy(item: MarketItem, onBought?: () => void) {
    const idempotencyKey = newIdempotencyKey();
    // One toast per purchase: the pending notice is replaced by the outcome.
    const id = `buy-${idempotencyKey}`;
    mutation.mutate(
      {
        cardId: item.id,
        expectedPrice: item.price,
        idempotencyKey,
        onPending: (message) => toast.loading(PURCHASE_PENDING_TITLE, { id, description: message }),
      },
      {
        onSuccess: (result) => {
          // The mission or badge this buy completes folds into this toast (lib/moments.ts).
          actionToast('success', {
            id,
            title: 'Purchase successful',
            description: `You bought ${item.player.name} for ${formatNumber(result.pricePaid)} coins.`,
          });
          onBought?.();
        },
        onError: (error) => {
          if (error instanceof StillPendingError) {
            toast.info(PURCHASE_PENDING_TITLE, { id, description: error.message });
            return;
          }
          const priceChanged = conflictMessage(error);
          if (priceChanged?.startsWith('The price changed')) {
            toast.error('Price changed', { id, description: priceChanged });
            void queryClient.invalidateQueries({ queryKey: marketKeys.listings() });
            return;
          }
          toast.error('Purchase failed', {
            id,
            description: errorMessage(error, 'Not enough coins or card unavailable'),
          });
        },
      },
    );
  }

  /** Whether this listing's purchase is in flight. */
  const isBuying = (cardId: number) => mutation.isPending && mutation.variables?.cardId === cardId;

  return { buy, isBuying, isPending: mutation.isPending };
}
