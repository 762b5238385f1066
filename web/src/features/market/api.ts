import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { userQueryKey, type User } from '@/features/auth/api';
import { cardKeys } from '@/features/cards/api';
import type { Player } from '@/features/cards/types';
import { tradeHistoryKeys } from '@/features/trade-history/api';
import { api, apiRequest } from '@/lib/api';

import type {
  Balance,
  BuyCardResponse,
  MarketFilters,
  MarketItem,
  MarketSortKey,
  MarketStatus,
  PlayerSortKey,
  PriceHistory,
  PriceRange,
  SellCardResponse,
  WithdrawListingResponse,
} from './types';

/** The market status is polled this often (game spec, section 9). */
export const MARKET_STATUS_POLL_MS = 60_000;
/** Prices move every 5 minutes during market hours: market lists older than this refetch when shown again. */
const MARKET_DATA_STALE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const marketKeys = {
  all: ['market'] as const,
  status: () => [...marketKeys.all, 'status'] as const,
  listings: () => [...marketKeys.all, 'listings'] as const,
  listing: (filters: MarketFilters<MarketSortKey>) => [...marketKeys.listings(), filters] as const,
  players: () => [...marketKeys.all, 'all-players'] as const,
  playerList: (filters: MarketFilters<PlayerSortKey>) => [...marketKeys.players(), filters] as const,
  trending: () => [...marketKeys.all, 'trending'] as const,
  history: (playerId: number, range: PriceRange) => [...marketKeys.all, 'history', playerId, range] as const,
  /** Not under ['user']: the session keeps only that key across sign-ins. */
  balance: () => [...marketKeys.all, 'balance'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value.trim() !== '') search.set(key, value.trim());
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

const filterParams = <S extends string>(filters: MarketFilters<S>) => ({
  position: filters.position,
  sort: filters.sort,
  search: filters.search,
});

export const getMarketStatus = (signal?: AbortSignal) => api.get<MarketStatus>('/api/market/status', signal);
export const getMarketListings = (filters: MarketFilters<MarketSortKey>, signal?: AbortSignal) =>
  api.get<MarketItem[]>(withQuery('/api/market', filterParams(filters)), signal);
export const getAllPlayers = (filters: MarketFilters<PlayerSortKey>, signal?: AbortSignal) =>
  api.get<Player[]>(withQuery('/api/market/all-players', filterParams(filters)), signal);
export const getTrending = (signal?: AbortSignal) => api.get<Player[]>('/api/market/trending', signal);
export const getPriceHistory = (playerId: number, range: PriceRange, signal?: AbortSignal) =>
  api.get<PriceHistory>(withQuery(`/api/market/players/${playerId}/history`, { range }), signal);
export const getBalance = (signal?: AbortSignal) => api.get<Balance>('/api/user/balance', signal);

/** Every state-changing market call carries an Idempotency-Key, so a retried request happens once. */
const idempotent = <T>(path: string, body: unknown, idempotencyKey: string) =>
  apiRequest<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const buyCard = (cardId: number, idempotencyKey: string) =>
  idempotent<BuyCardResponse>(`/api/market/buy/${cardId}`, {}, idempotencyKey);
export const sellCard = (cardId: number, price: number, idempotencyKey: string) =>
  idempotent<SellCardResponse>(`/api/market/sell/${cardId}`, { price }, idempotencyKey);
export const withdrawListing = (cardId: number, idempotencyKey: string) =>
  idempotent<WithdrawListingResponse>(`/api/market/withdraw/${cardId}`, {}, idempotencyKey);

// ---------------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------------

/** Whether the market is open and its next event; the one status query of the app, polled every 60 s. */
export function useMarketStatus() {
  return useQuery({
    queryKey: marketKeys.status(),
    queryFn: ({ signal }) => getMarketStatus(signal),
    refetchInterval: MARKET_STATUS_POLL_MS,
  });
}

/** The market's listings; the previous list stays shown while another filter loads. */
export function useMarketListings(filters: MarketFilters<MarketSortKey>) {
  return useQuery({
    queryKey: marketKeys.listing(filters),
    queryFn: ({ signal }) => getMarketListings(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: MARKET_DATA_STALE_MS,
  });
}

/** Every player with price and 24h change (the stock market). */
export function useAllPlayers(filters: MarketFilters<PlayerSortKey>) {
  return useQuery({
    queryKey: marketKeys.playerList(filters),
    queryFn: ({ signal }) => getAllPlayers(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: MARKET_DATA_STALE_MS,
  });
}

/** The 8 biggest 24h movers. */
export function useTrending() {
  return useQuery({
    queryKey: marketKeys.trending(),
    queryFn: ({ signal }) => getTrending(signal),
    staleTime: MARKET_DATA_STALE_MS,
  });
}

/** A player's price history; disabled without a player. */
export function usePriceHistory(playerId: number | null, range: PriceRange) {
  return useQuery({
    queryKey: marketKeys.history(playerId ?? 0, range),
    queryFn: ({ signal }) => getPriceHistory(playerId!, range, signal),
    enabled: playerId !== null,
    staleTime: MARKET_DATA_STALE_MS,
  });
}

/**
 * The user's coins (GET /api/user/balance), refetched whenever a screen showing it mounts and when the
 * window regains focus (economy spec, sections 7 and 9): coins can arrive from elsewhere (a payment
 * webhook, a sale). The only query that refetches on focus.
 */
export function useBalance() {
  return useQuery({
    queryKey: marketKeys.balance(),
    queryFn: ({ signal }) => getBalance(signal),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------

/** Refetches what a buy, sale or withdrawal changes: the user, balance, cards, listings and history. */
function refreshAfterTrade(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: marketKeys.balance() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.catalog() }),
    queryClient.invalidateQueries({ queryKey: marketKeys.listings() }),
    queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all }),
  ]);
}

export interface BuyCardVariables {
  cardId: number;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
}

/** Buys a market card or another user's listing; the balance pill shows the remaining coins at once. */
export function useBuyCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: BuyCardVariables) => buyCard(cardId, idempotencyKey),
    onSuccess: (result) => {
      queryClient.setQueryData<User | null>(userQueryKey, (user) =>
        user ? { ...user, coins: result.remainingCoins } : user,
      );
      queryClient.setQueryData<Balance>(marketKeys.balance(), { coins: result.remainingCoins });
      return refreshAfterTrade(queryClient);
    },
  });
}

export interface SellCardVariables {
  cardId: number;
  price: number;
  idempotencyKey: string;
}

/** Lists an own card on the market at a price. */
export function useSellCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, price, idempotencyKey }: SellCardVariables) =>
      sellCard(cardId, price, idempotencyKey),
    onSuccess: () => refreshAfterTrade(queryClient),
  });
}

export interface WithdrawListingVariables {
  cardId: number;
  idempotencyKey: string;
}

/** Takes an own listed card off the market (allowed any time). */
export function useWithdrawListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, idempotencyKey }: WithdrawListingVariables) =>
      withdrawListing(cardId, idempotencyKey),
    onSuccess: () => refreshAfterTrade(queryClient),
  });
}
