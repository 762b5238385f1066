import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { idempotentRequest, tradeKeys, tradeWishesKey } from '@/features/trades/api';
import type { TradeOffer } from '@/features/trades/types';
import { api } from '@/lib/api';

import type { CreateWishRequest, OfferForWishRequest, TradeWish, WishFilters } from './types';
import { wishQueryString } from './utils';

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const wishKeys = {
  all: tradeWishesKey,
  list: (filters: WishFilters) => [...wishKeys.all, 'list', filters] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getTradeWishes = (filters: WishFilters, signal?: AbortSignal) =>
  api.get<TradeWish[]>(`/api/tradewishes?${wishQueryString(filters)}`, signal);
export const createTradeWish = (body: CreateWishRequest, idempotencyKey: string) =>
  idempotentRequest<TradeWish>('POST', '/api/tradewishes', idempotencyKey, body);
export const deleteTradeWish = (wishId: number, idempotencyKey: string) =>
  idempotentRequest<TradeWish>('DELETE', `/api/tradewishes/${wishId}`, idempotencyKey);
export const offerForWish = (body: OfferForWishRequest, idempotencyKey: string) =>
  idempotentRequest<TradeOffer>('POST', '/api/trades/offer-for-wish', idempotencyKey, body);

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

/** The open trade listings matching the filters; the previous list stays shown while another loads. */
export function useTradeWishes(filters: WishFilters) {
  return useQuery({
    queryKey: wishKeys.list(filters),
    queryFn: ({ signal }) => getTradeWishes(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export interface CreateWishVariables {
  request: CreateWishRequest;
  idempotencyKey: string;
}

/** Lists an own card for trade. */
export function useCreateTradeWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: CreateWishVariables) =>
      createTradeWish(request, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishKeys.all }),
  });
}

export interface DeleteWishVariables {
  wishId: number;
  idempotencyKey: string;
}

/** Takes an own listing off the marketplace. */
export function useDeleteTradeWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ wishId, idempotencyKey }: DeleteWishVariables) => deleteTradeWish(wishId, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishKeys.all }),
  });
}

export interface OfferForWishVariables {
  request: OfferForWishRequest;
  idempotencyKey: string;
}

/** Makes an offer (coins or a card) on someone's listing: an ordinary offer in the Sent tab. */
export function useOfferForWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: OfferForWishVariables) => offerForWish(request, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeKeys.outgoing() }),
  });
}
