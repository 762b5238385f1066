import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';

import type { Balance, Card, CardPack, User } from '@touchline/contract';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys, getUserCards } from '@/lib/data/cards';
import { actionToast } from '@/lib/moments';
import { refreshCards, refreshCoins } from '@/lib/data/coins';
import { marketKeys } from '@/lib/data/market';
import { packRevealKeys } from '@/lib/data/pack-reveal';
import { ApiError, errorMessage, newIdempotencyKey } from '@/lib/api';
import { StillPendingError } from '@/lib/pending';
import { formatNumber } from '@/lib/format';

import { usePurchasePack } from '@/lib/data/shop';
import { packFailure, REFUND_TOAST_DELAY_MS } from '../utils';
import type { OpenedPack } from './opened-pack';

export const PACK_PENDING_TITLE = 'Pack purchase pending';

/**
 * Buying a pack with its toasts (docs/spec/economy-admin-spec.md#8-error-catalogue): 'Pack Purchased!' and the opening modal; a
 * failure with {success: false, message} 'Unable to purchase pack', followed after a second by 'Coins
 * Refunded' with the balance when the coins came back; any other failure 'Failed to purchase pack'.
 * Each click gets its own Idempotency-Key. A purchase the wallet has not confirmed yet shows 'Pack
 * purchase pending' with the server's words until it settles; that toast then turns into the outcome.
 * 'Buy Pack' asks first (`ask`, then `confirm`); the players the collection held before the purchase
 * tell the opening which cards are new.
 */
export function usePackPurchase() {
  const queryClient = useQueryClient();
  const mutation = usePurchasePack();
  const [opened, setOpened] = useState<OpenedPack | null>(null);
  const [confirming, setConfirming] = useState<CardPack | null>(null);
  const refundTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(refundTimer.current), []);

  /** The balance as shown now: the balance query, else the user's coins, else the failure's figure. */
  function currentCoins(fallback: number): number {
    return (
      queryClient.getQueryData<Balance>(marketKeys.balance())?.coins ??
      queryClient.getQueryData<User | null>(userQueryKey)?.coins ??
      fallback
    );
  }

  const owned = useRef<Promise<ReadonlySet<number> | null> | null>(null);

  /** The collection's players as the server has them now (a cached list may predate the last pack). */
  function ownedPlayers(): Promise<ReadonlySet<number> | null> {
    return queryClient
      .fetchQuery({ queryKey: cardKeys.userCards(), queryFn: ({ signal }) => getUserCards(signal) })
      .then((cards: Card[]) => new Set(cards.map((card) => card.player.id)))
      .catch(() => null);
  }

  function ask(pack: CardPack) {
    setConfirming(pack);
    // Read while the dialog asks, so the purchase does not wait for it.
    owned.current = ownedPlayers();
  }

  function confirm(pack: CardPack) {
    setConfirming(null);
    const before = owned.current ?? ownedPlayers();
    owned.current = null;
    void before.then((ownedBefore) => buy(pack, ownedBefore));
  }

  function buy(pack: CardPack, ownedBefore: ReadonlySet<number> | null) {
    const idempotencyKey = newIdempotencyKey();
    const id = `pack-${idempotencyKey}`;
    mutation.mutate(
      {
        packId: pack.id,
        idempotencyKey,
        onPending: (message) => toast.loading(PACK_PENDING_TITLE, { id, description: message }),
      },
      {
        onSuccess: (result) => {
          actionToast('success', {
            id,
            title: 'Pack Purchased!',
            description: `${pack.name}: ${result.cards.length} new ${result.cards.length === 1 ? 'card' : 'cards'} for ${formatNumber(result.coinsSpent)} coins.`,
          });
          // Unopened until its summary is reached (issue 43): closed earlier, it waits in the shop.
          void queryClient.invalidateQueries({ queryKey: packRevealKeys.unopened });
          setOpened({
            name: pack.name,
            cards: result.cards,
            pricePaid: result.coinsSpent,
            ownedBefore,
            purchaseId: result.purchaseId,
          });
        },
        onError: (error) => {
          if (error instanceof StillPendingError) {
            // Not settled yet after every ask: show the balance and cards as they stand now.
            toast.info(PACK_PENDING_TITLE, { id, description: error.message });
            void refreshCoins(queryClient);
            void refreshCards(queryClient);
            return;
          }
          const failure = error instanceof ApiError ? packFailure(error.data) : null;
          if (!failure) {
            toast.error('Failed to purchase pack', {
              id,
              description: errorMessage(error, 'Please try again later'),
            });
            return;
          }
          toast.error('Unable to purchase pack', { id, description: failure.message });
          if (failure.remainingCoins === undefined) return;
          const remaining = failure.remainingCoins;
          void refreshCoins(queryClient, remaining);
          clearTimeout(refundTimer.current);
          refundTimer.current = setTimeout(() => {
            toast.success('Coins Refunded', {
              description: `Your balance is ${formatNumber(currentCoins(remaining))} coins.`,
            });
          }, REFUND_TOAST_DELAY_MS);
        },
      },
    );
  }

  /** Whether this pack's purchase is in flight. */
  const isBuying = (packId: number) => mutation.isPending && mutation.variables?.packId === packId;

  return {
    ask,
    confirm,
    confirming,
    cancel: () => setConfirming(null),
    isBuying,
    isPending: mutation.isPending,
    opened,
    closeOpened: () => setOpened(null),
    /** Opens a pack bought earlier and closed before its reveal. */
    reopen: setOpened,
  };
}
