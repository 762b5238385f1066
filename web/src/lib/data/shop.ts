import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@touchline/contract';

import { call } from '@/lib/api';
import { putOwnCard } from '@/lib/data/cards';
import { refreshCards, refreshCoins } from '@/lib/data/coins';
import { untilSettled } from '@/lib/pending';

export const shopKeys = {
  all: ['shop'] as const,
  packs: () => [...shopKeys.all, 'packs'] as const,
};

export const getPacks = (signal?: AbortSignal) => call(api.packs.list, { signal });

/**
 * Buys a pack; the Idempotency-Key makes a retried request buy it once. A purchase the wallet has not
 * confirmed yet answers pending (202); the same key later tells the end.
 */
export const purchasePack = (packId: number, idempotencyKey: string) =>
  call(api.packs.purchase, { body: { packId }, idempotencyKey });

/**
 * The card packs of the shop, with their published odds. Home's first-pack card shows the cheapest:
 * prefetch-home.ts asks for them early.
 */
export const packsQuery = queryOptions({
  queryKey: shopKeys.packs(),
  queryFn: ({ signal }) => getPacks(signal),
});

export function usePacks() {
  return useQuery(packsQuery);
}

export interface PurchasePackVariables {
  packId: number;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
  /** Told once when the purchase is being confirmed (the wallet is slow or down). */
  onPending?: (message: string) => void;
}

/**
 * Buys a pack; the balance shows the remaining coins at once, then the user and cards are refetched.
 * A pending purchase is asked again with its key until it settles.
 */
export function usePurchasePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packId, idempotencyKey, onPending }: PurchasePackVariables) =>
      untilSettled(() => purchasePack(packId, idempotencyKey), { onPending }),
    onSuccess: (result) => {
      void refreshCoins(queryClient, result.remainingCoins);
      // The pulls join the collection from the answer: the `cards` event then finds them there.
      putOwnCard(queryClient, ...result.cards.map(({ packName: _pack, ...card }) => card));
      void refreshCards(queryClient);
    },
  });
}
