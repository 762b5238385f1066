import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { refreshCards, refreshCoins } from '@/features/coins/api';
import { api, apiRequest } from '@/lib/api';

import type { CardPack, PackPurchaseResponse } from './types';

export const shopKeys = {
  all: ['shop'] as const,
  packs: () => [...shopKeys.all, 'packs'] as const,
};

export const getPacks = (signal?: AbortSignal) => api.get<CardPack[]>('/api/packs', signal);

/** Buys a pack; the Idempotency-Key makes a retried request buy it once. */
export const purchasePack = (packId: number, idempotencyKey: string) =>
  apiRequest<PackPurchaseResponse>('/api/packs/purchase', {
    method: 'POST',
    body: { packId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** The card packs of the shop, with their published odds. */
export function usePacks() {
  return useQuery({ queryKey: shopKeys.packs(), queryFn: ({ signal }) => getPacks(signal) });
}

export interface PurchasePackVariables {
  packId: number;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
}

/** Buys a pack; the balance shows the remaining coins at once, then the user and cards are refetched. */
export function usePurchasePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packId, idempotencyKey }: PurchasePackVariables) => purchasePack(packId, idempotencyKey),
    onSuccess: (result) => {
      void refreshCoins(queryClient, result.remainingCoins);
      void refreshCards(queryClient);
    },
  });
}
