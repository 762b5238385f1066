import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  api,
  type CreateWishBody,
  type OfferForWishBody,
  type Position,
  type Rarity,
  type WishSort,
} from '@touchline/contract';

import { call } from '@/lib/api';
import { tradeKeys, tradeWishesKey } from '@/lib/data/trades';

/** The marketplace filters; '' (or null for the team) means any. */
export interface WishFilters {
  search: string;
  rarity: Rarity | '';
  position: Position | '';
  teamId: number | null;
  /** The owner's username. */
  user: string;
  sort: WishSort;
}

/** The query of GET /api/tradewishes: the filters that are set (blank ones are left out), and the sort. */
export const wishQuery = (filters: WishFilters) => ({
  search: filters.search,
  rarity: filters.rarity,
  position: filters.position,
  teamId: filters.teamId || null,
  user: filters.user,
  sort: filters.sort,
});

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
  call(api.trades.wishes, { query: wishQuery(filters), signal });
export const createTradeWish = (body: CreateWishBody, idempotencyKey: string) =>
  call(api.trades.createWish, { body, idempotencyKey });
export const deleteTradeWish = (wishId: number, idempotencyKey: string) =>
  call(api.trades.cancelWish, { params: { id: wishId }, idempotencyKey });
export const offerForWish = (body: OfferForWishBody, idempotencyKey: string) =>
  call(api.trades.offerForWish, { body, idempotencyKey });

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
  request: CreateWishBody;
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
  request: OfferForWishBody;
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
