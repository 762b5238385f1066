import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import {
  api,
  type Balance,
  type MarketItem,
  type MarketPage,
  type MarketSort,
  type PlayerSort,
  type Position,
  type PriceRange,
  type User,
} from '@touchline/contract';
import { untilSettled } from '@/lib/pending';
import { statusRefreshIn } from '@/lib/market-status-refresh';

import { call } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';
import { cardKeys, putOwnCard } from '@/lib/data/cards';
import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { asPage } from '@/lib/data/pages';
import { isLiveOpen } from '@/lib/live/open';
import { usePagedList } from '@/hooks/use-paged-list';

/** Query of GET /api/market and GET /api/market/all-players. */
export interface MarketFilters<S extends MarketSort | PlayerSort> {
  /** Omitted (all positions) when null. */
  position: Position | null;
  sort: S;
  search: string;
}

/**
 * Listings per page of the market: a screen and a half on a phone, and what keeps the first screen's
 * transfer small (about 30 KB of JSON, 5 KB gzipped, for the 858-card market).
 */
export const MARKET_PAGE_SIZE = 50;

/** Prices move every 5 minutes during market hours: market lists older than this refetch when shown again. */
const MARKET_DATA_STALE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const marketKeys = {
  all: ['market'] as const,
  status: () => [...marketKeys.all, 'status'] as const,
  listings: () => [...marketKeys.all, 'listings'] as const,
  listing: (filters: MarketFilters<MarketSort>) => [...marketKeys.listings(), filters] as const,
  players: () => [...marketKeys.all, 'all-players'] as const,
  playerList: (filters: MarketFilters<PlayerSort>) => [...marketKeys.players(), filters] as const,
  trending: () => [...marketKeys.all, 'trending'] as const,
  histories: () => [...marketKeys.all, 'history'] as const,
  history: (playerId: number, range: PriceRange) => [...marketKeys.histories(), playerId, range] as const,
  /** Not under ['user']: the session keeps only that key across sign-ins. */
  balance: () => [...marketKeys.all, 'balance'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

const filterQuery = <S extends MarketSort | PlayerSort>(filters: MarketFilters<S>) => ({
  position: filters.position,
  sort: filters.sort,
  search: filters.search,
});

export const getMarketStatus = (signal?: AbortSignal) => call(api.market.status, { signal });
/** One page of the market's listings: the first without a cursor. */
export const getMarketPage = async (
  filters: MarketFilters<MarketSort>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MarketPage> =>
  asPage<MarketItem, MarketPage>(
    await call(api.market.listings, {
      query: { ...filterQuery(filters), cursor, limit: MARKET_PAGE_SIZE },
      signal,
    }),
  );
/** Every player (the spec's unpaged call: the stock market groups them all by team). */
export const getAllPlayers = async (filters: MarketFilters<PlayerSort>, signal?: AbortSignal) => {
  const answer = await call(api.market.allPlayers, { query: filterQuery(filters), signal });
  return asPage(answer).items;
};
export const getTrending = (signal?: AbortSignal) => call(api.market.trending, { signal });
export const getPriceHistory = (playerId: number, range: PriceRange, signal?: AbortSignal) =>
  call(api.market.priceHistory, { params: { id: playerId }, query: { range }, signal });
export const getBalance = (signal?: AbortSignal) => call(api.user.balance, { signal });

// Every state-changing market call carries an Idempotency-Key, so a retried request happens once.

/** Buys at the price the buyer saw: a different current price answers 409 'The price changed to N coins'; a buy the wallet has not confirmed yet answers pending (202), and the same key later tells the end. */
export const buyCard = (cardId: number, expectedPrice: number, idempotencyKey: string) =>
  call(api.market.buy, { params: { id: cardId }, body: { expectedPrice }, idempotencyKey });
export const sellCard = (cardId: number, price: number, expectedFeePercent: number, idempotencyKey: string) =>
  call(api.market.sell, { params: { id: cardId }, body: { price, expectedFeePercent }, idempotencyKey });
export const withdrawListing = (cardId: number, idempotencyKey: string) =>
  call(api.market.withdraw, { params: { id: cardId }, body: {}, idempotencyKey });

// ---------------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------------

/**
 * Whether the market is open and its next event; the one status query of the app. The live stream
 * patches it when the market opens or closes (web/src/lib/live/market.ts) in place of the spec's 60-s
 * poll; it is read again only when its words can change by the clock (statusRefreshIn).
 */
export function useMarketStatus() {
  return useQuery({
    queryKey: marketKeys.status(),
    queryFn: ({ signal }) => getMarketStatus(signal),
    refetchInterval: (query) => statusRefreshIn(query.state.data, Date.now()),
  });
}

/**
 * The market's listings, a page at a time (the next one as the list is scrolled to its end); the
 * previous list stays shown while another filter loads.
 */
export function useMarketListings(filters: MarketFilters<MarketSort>) {
  return usePagedList({
    queryKey: marketKeys.listing(filters),
    fetchPage: (cursor, signal) => getMarketPage(filters, cursor, signal),
    keepPrevious: true,
    staleTime: MARKET_DATA_STALE_MS,
  });
}

/** Every player with price and 24h change (the stock market). */
export function useAllPlayers(filters: MarketFilters<PlayerSort>) {
  return useQuery({
    queryKey: marketKeys.playerList(filters),
    queryFn: ({ signal }) => getAllPlayers(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: MARKET_DATA_STALE_MS,
  });
}

export const trendingQuery = queryOptions({
  queryKey: marketKeys.trending(),
  queryFn: ({ signal }) => getTrending(signal),
  staleTime: MARKET_DATA_STALE_MS,
});

/** The 8 biggest 24h movers. */
export function useTrending() {
  return useQuery(trendingQuery);
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
 * window regains focus (docs/spec/economy-admin-spec.md#7-the-calls-it-makes and #9-business-constants-and-limits): coins can arrive from elsewhere (a payment
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

/**
 * After the user's own buy, sale or withdrawal went through. With the live stream open its events
 * bring the rest (issue 41, fewer requests per player): `balance` the coins, `cards` the collection,
 * the catalog's ownership and the user's counts, `market` the lists; only the history has no event.
 * Without it, everything is read again.
 */
function refreshAfterOwnTrade(queryClient: QueryClient) {
  if (!isLiveOpen(queryClient)) return refreshAfterTrade(queryClient);
  return queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all });
}

export interface BuyCardVariables {
  cardId: number;
  /** The price shown on the listing. */
  expectedPrice: number;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
  /** Told once when the purchase is being confirmed (the wallet is slow or down). */
  onPending?: (message: string) => void;
}

/**
 * Buys a market card or another user's listing; the balance pill shows the remaining coins at once.
 * A pending purchase is asked again with its key until it settles, then everything is refreshed.
 */
export function useBuyCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, expectedPrice, idempotencyKey, onPending }: BuyCardVariables) =>
      untilSettled(() => buyCard(cardId, expectedPrice, idempotencyKey), { onPending }),
    // Whatever the end (refused, or still not settled), show the balance and cards as they are now.
    onError: () => refreshAfterTrade(queryClient),
    onSuccess: (result) => {
      const coins = result.remainingCoins;
      queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, coins } : user));
      queryClient.setQueryData<Balance>(marketKeys.balance(), { coins });
      putOwnCard(queryClient, result.card);
      return refreshAfterOwnTrade(queryClient);
    },
  });
}

export interface SellCardVariables {
  cardId: number;
  price: number;
  /** The fee percent the form showed: the server refuses (409) rather than list at another rate. */
  expectedFeePercent: number;
  idempotencyKey: string;
}

/** Lists an own card on the market at a price. */
export function useSellCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, price, expectedFeePercent, idempotencyKey }: SellCardVariables) =>
      sellCard(cardId, price, expectedFeePercent, idempotencyKey),
    onSuccess: (result) => {
      putOwnCard(queryClient, result.card);
      return refreshAfterOwnTrade(queryClient);
    },
    // A refusal may mean the price moved (409 with the new rate): show the card's current price again.
    onError: () => queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
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
    onSuccess: (result) => {
      putOwnCard(queryClient, result.card);
      return refreshAfterOwnTrade(queryClient);
    },
  });
}
