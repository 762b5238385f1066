import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api, type OwnListingsPage } from '@touchline/contract';

import { call } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { marketKeys } from '@/lib/data/market';
import { usePagedList } from '@/hooks/use-paged-list';

/** 'My listings' (issue 43): the player's own open listings, withdraw and re-price. */

const PAGE_SIZE = 50;

export const ownListingKeys = {
  all: ['own-listings'] as const,
};

export const getOwnListings = (cursor: string | null, signal?: AbortSignal): Promise<OwnListingsPage> =>
  call(api.market.ownListings, {
    query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    signal,
  });

export const repriceListing = (
  cardId: number,
  price: number,
  expectedFeePercent: number,
  idempotencyKey: string,
) =>
  call(api.market.reprice, { params: { id: cardId }, body: { price, expectedFeePercent }, idempotencyKey });

export const withdrawOwnListing = (cardId: number, idempotencyKey: string) =>
  call(api.market.withdraw, { params: { id: cardId }, body: {}, idempotencyKey });

/** The player's open listings, newest first, a page at a time. */
export function useOwnListings() {
  return usePagedList({
    queryKey: ownListingKeys.all,
    fetchPage: (cursor, signal) => getOwnListings(cursor, signal),
  });
}

/** What a withdraw or a re-price changes: these listings, the market's, the collection's badges. */
function refreshAfterListingChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ownListingKeys.all }),
    queryClient.invalidateQueries({ queryKey: marketKeys.listings() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
    queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true }),
  ]);
}

export interface RepriceVariables {
  cardId: number;
  price: number;
  /** The fee the form showed: the server refuses (409) rather than list at another rate. */
  expectedFeePercent: number;
  /** One per confirmation: a retry of the same confirmation makes no second listing. */
  idempotencyKey: string;
}

/** Changes a listing's price: withdrawn and listed again, with the fee of the new price. */
export function useRepriceListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, price, expectedFeePercent, idempotencyKey }: RepriceVariables) =>
      repriceListing(cardId, price, expectedFeePercent, idempotencyKey),
    onSettled: () => refreshAfterListingChange(queryClient),
  });
}

/** Takes a listing off the market. */
export function useWithdrawOwnListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: { cardId: number; idempotencyKey: string }) =>
      withdrawOwnListing(cardId, idempotencyKey),
    onSettled: () => refreshAfterListingChange(queryClient),
  });
}
