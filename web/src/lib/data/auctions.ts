import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  api,
  type AuctionsPage,
  type Balance,
  type BidResult,
  type Rarity,
  type StartAuctionBody,
  type User,
} from '@touchline/contract';

import { call } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { marketKeys } from '@/lib/data/market';
import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { untilSettled } from '@/lib/pending';
import { usePagedList } from '@/hooks/use-paged-list';

/** Auctions (docs/features.md, "Auctions"): the live list, one auction, the user's own and bids. */

const PAGE_SIZE = 50;

export interface AuctionFilters {
  rarity: Rarity | '';
  teamId: number;
}

export const auctionKeys = {
  all: ['auctions'] as const,
  lists: () => [...auctionKeys.all, 'list'] as const,
  live: (filters: AuctionFilters) => [...auctionKeys.lists(), 'live', filters] as const,
  mine: () => [...auctionKeys.lists(), 'mine'] as const,
  bids: () => [...auctionKeys.lists(), 'bids'] as const,
  detail: (id: number) => [...auctionKeys.all, 'detail', id] as const,
};

const pageQuery = (cursor: string | null) => ({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });

export const getAuctions = (filters: AuctionFilters, cursor: string | null, signal?: AbortSignal) =>
  call(api.auctions.list, { query: { ...filters, ...pageQuery(cursor) }, signal });

/** Open auctions ending soonest first, a page at a time; the live stream refetches them. */
export function useAuctions(filters: AuctionFilters) {
  return usePagedList<AuctionsPage, ReturnType<typeof auctionKeys.live>>({
    queryKey: auctionKeys.live(filters),
    fetchPage: (cursor, signal) => getAuctions(filters, cursor, signal),
    keepPrevious: true,
  });
}

/** 'My auctions': the user's own, every status. */
export function useMyAuctions(enabled = true) {
  return usePagedList<AuctionsPage, ReturnType<typeof auctionKeys.mine>>({
    queryKey: auctionKeys.mine(),
    fetchPage: (cursor, signal) => call(api.auctions.mine, { query: pageQuery(cursor), signal }),
    enabled,
  });
}

/** 'My bids': the auctions the user bid on, with their highest bid. */
export function useMyBids(enabled = true) {
  return usePagedList<AuctionsPage, ReturnType<typeof auctionKeys.bids>>({
    queryKey: auctionKeys.bids(),
    fetchPage: (cursor, signal) => call(api.auctions.bids, { query: pageQuery(cursor), signal }),
    enabled,
  });
}

/** One auction with its bid history. */
export function useAuction(id: number) {
  return useQuery({
    queryKey: auctionKeys.detail(id),
    queryFn: ({ signal }) => call(api.auctions.get, { params: { id }, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    // Past its end and not settled yet (the sweeper takes it within a second or two): ask again until
    // it has, in case the stream's event does not come (a stream cut off).
    refetchInterval: (query) => {
      const auction = query.state.data;
      if (!auction) return false;
      const due = auction.status === 'open' && new Date(auction.endsAt).getTime() <= Date.now();
      return due || auction.status === 'settling' ? 2_000 : false;
    },
  });
}

/** Every auction list and page reads again (an auction changed, or the user's part in one). */
export function refreshAuctions(queryClient: QueryClient, auctionId?: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: auctionKeys.lists() }),
    auctionId === undefined
      ? queryClient.invalidateQueries({ queryKey: auctionKeys.all })
      : queryClient.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) }),
  ]);
}

/** The user's coins changed by a hold taken or released: the balance and the wallet read again. */
export function refreshCoins(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: marketKeys.balance() }),
  ]);
}

/** Puts an own card up for auction. */
export function useStartAuction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartAuctionBody; idempotencyKey: string }) =>
      call(api.auctions.start, { body, idempotencyKey }),
    onSettled: () =>
      Promise.all([
        refreshAuctions(queryClient),
        queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
      ]),
  });
}

/** The spendable coins after a bid's hold, at once; the rest follows by reading again. */
function afterBid(queryClient: QueryClient, result: BidResult) {
  const coins = result.remainingCoins;
  queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, coins } : user));
  queryClient.setQueryData<Balance>(marketKeys.balance(), (balance) => ({ ...balance, coins }));
  return Promise.all([
    refreshAuctions(queryClient, result.auction.id),
    queryClient.invalidateQueries({ queryKey: marketKeys.balance() }),
  ]);
}

export interface BidVariables {
  auctionId: number;
  amount: number;
  /** One per confirmation: newIdempotencyKey(). */
  idempotencyKey: string;
  onPending?: (message: string) => void;
}

/** Places a bid; while the wallet confirms it (202) the same key is asked again until it settles. */
export function usePlaceBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ auctionId, amount, idempotencyKey, onPending }: BidVariables) =>
      untilSettled(
        () => call(api.auctions.bid, { params: { id: auctionId }, body: { amount }, idempotencyKey }),
        { onPending },
      ),
    onSuccess: (result) => afterBid(queryClient, result),
    onError: (_error, variables) =>
      Promise.all([refreshAuctions(queryClient, variables.auctionId), refreshCoins(queryClient)]),
  });
}

/** Buys at the buy-now price: the auction ends and the card is the user's. */
export function useBuyNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ auctionId, amount, idempotencyKey, onPending }: BidVariables) =>
      untilSettled(
        () =>
          call(api.auctions.buyNow, {
            params: { id: auctionId },
            body: { expectedPrice: amount },
            idempotencyKey,
          }),
        { onPending },
      ),
    onSuccess: (result) =>
      Promise.all([
        afterBid(queryClient, result),
        queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
        queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all }),
      ]),
    onError: (_error, variables) =>
      Promise.all([refreshAuctions(queryClient, variables.auctionId), refreshCoins(queryClient)]),
  });
}
