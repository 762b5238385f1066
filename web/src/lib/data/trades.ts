import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

import { api, type CounterOfferBody, type CreateOfferBody, type TradeOffer } from '@touchline/contract';
import { OFFER_LIST_LIMIT } from '@touchline/rules';

import { call } from '@/lib/api';
import { userQueryKey, useUser } from '@/lib/data/auth';
import { cardKeys } from '@/lib/data/cards';
import { marketKeys } from '@/lib/data/market';
import { tradeHistoryKeys } from '@/lib/data/trade-history';
import { isLiveOpen } from '@/lib/live/open';
import { untilSettled } from '@/lib/pending';

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const tradeKeys = {
  all: ['trades'] as const,
  incoming: () => [...tradeKeys.all, 'incoming'] as const,
  outgoing: () => [...tradeKeys.all, 'outgoing'] as const,
  usernames: () => [...tradeKeys.all, 'usernames'] as const,
  /** Another user's cards one may ask for. */
  tradeableCards: (userId: number) => [...tradeKeys.all, 'tradeable-cards', userId] as const,
  /** The negotiation an offer belongs to (its counter-offers), by the offer's thread id. */
  threads: () => [...tradeKeys.all, 'thread'] as const,
  thread: (threadId: number) => [...tradeKeys.threads(), threadId] as const,
};

/** Trade wishes live in the trade-marketplace feature; an accepted offer can fulfil one. */
export const tradeWishesKey = ['tradewishes'] as const;

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

/** The pending offers sent to the user; any failure reads as none (docs/spec/game-spec.md#7-the-calls-it-makes). */
export async function getIncomingTrades(signal?: AbortSignal): Promise<TradeOffer[]> {
  try {
    const offers = await call(api.trades.incoming, { signal });
    return Array.isArray(offers) ? offers : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export const getOutgoingTrades = (signal?: AbortSignal) => call(api.trades.outgoing, { signal });
export const getUsernames = (signal?: AbortSignal) => call(api.user.usernames, { signal });
export const getTradeableCards = (userId: number, signal?: AbortSignal) =>
  call(api.trades.tradeableCards, { params: { id: userId }, signal });

// Every state-changing trade call carries an Idempotency-Key, so a retried request happens once.
export const createTrade = (body: CreateOfferBody, idempotencyKey: string) =>
  call(api.trades.create, { body, idempotencyKey });
export const acceptTrade = (offerId: number, idempotencyKey: string) =>
  call(api.trades.accept, { params: { id: offerId }, idempotencyKey });
export const declineTrade = (offerId: number, idempotencyKey: string) =>
  call(api.trades.decline, { params: { id: offerId }, idempotencyKey });
export const cancelTrade = (offerId: number, idempotencyKey: string) =>
  call(api.trades.cancel, { params: { id: offerId }, idempotencyKey });
export const counterTrade = (offerId: number, body: CounterOfferBody, idempotencyKey: string) =>
  call(api.trades.counter, { params: { id: offerId }, body, idempotencyKey });
export const getOfferThread = (offerId: number, signal?: AbortSignal) =>
  call(api.trades.thread, { params: { id: offerId }, signal });

// ---------------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------------

export const incomingTradesQuery = queryOptions({
  queryKey: tradeKeys.incoming(),
  queryFn: ({ signal }) => getIncomingTrades(signal),
});

/**
 * The pending offers sent to the signed-in user; one query shared by the Trade Center, the Profile
 * banner and the bottom navigation's red dot. Not polled: the live stream's `offers` events (an offer
 * made, withdrawn or expired) and its reconnects read it again (lib/live).
 */
export function useIncomingTrades({ enabled = true }: { enabled?: boolean } = {}) {
  const { data: user } = useUser();
  return useQuery({ ...incomingTradesQuery, enabled: Boolean(user) && enabled });
}

/** How many incoming offers are pending (0 while unknown or not yet asked: `enabled` false). */
export function useIncomingTradesCount(enabled = true): number {
  return useIncomingTrades({ enabled }).data?.length ?? 0;
}

/** The pending offers the user sent. */
export function useOutgoingTrades() {
  return useQuery({ queryKey: tradeKeys.outgoing(), queryFn: ({ signal }) => getOutgoingTrades(signal) });
}

/** Every username (including the market's id 0 and the user's own; the picker leaves them out). */
export function useUsernames() {
  return useQuery({ queryKey: tradeKeys.usernames(), queryFn: ({ signal }) => getUsernames(signal) });
}

/** The cards of another user one may ask for in a trade ('Ask for'); idle until a user is chosen. */
export function useTradeableCards(userId: number | null) {
  return useQuery({
    queryKey: tradeKeys.tradeableCards(userId ?? 0),
    queryFn: ({ signal }) => getTradeableCards(userId!, signal),
    enabled: userId !== null,
  });
}

// ---------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------

/** Refetches what a trade changes: both offer lists, the user, the balance, cards, history and wishes. */
export function refreshAfterTrade(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() }),
    queryClient.invalidateQueries({ queryKey: tradeKeys.outgoing() }),
    queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: marketKeys.balance() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.catalog() }),
    queryClient.invalidateQueries({ queryKey: tradeHistoryKeys.all }),
    queryClient.invalidateQueries({ queryKey: tradeWishesKey }),
    queryClient.invalidateQueries({ queryKey: [...tradeKeys.all, 'tradeable-cards'] }),
    queryClient.invalidateQueries({ queryKey: tradeKeys.threads() }),
  ]);
}

/**
 * Takes an offer that ended out of a cached list of pending offers (Incoming, Sent); whether the
 * list was full before, so that an older offer moves up into the place (OFFER_LIST_LIMIT).
 */
export function withoutOffer(queryClient: QueryClient, list: QueryKey, offerId: number): 'was full' | 'done' {
  const before = queryClient.getQueryData<TradeOffer[]>(list);
  if (!before) return 'done';
  queryClient.setQueryData<TradeOffer[]>(
    list,
    before.filter((offer) => offer.id !== offerId),
  );
  return before.length >= OFFER_LIST_LIMIT ? 'was full' : 'done';
}

/**
 * After the user answered an offer received (accepted or declined). With the live stream open its
 * events bring the rest (issue 41, fewer requests per player): `offers` the thread, the history and
 * the wishes, `cards` the collection and the user's counts, `balance` the coins. The answered offer
 * leaves the offers received at once, without reading them again (only a full list is: an older
 * offer moves up). Without the stream, everything is read again.
 */
export function refreshAfterAnswer(queryClient: QueryClient, offerId: number) {
  if (!isLiveOpen(queryClient)) return refreshAfterTrade(queryClient);
  if (withoutOffer(queryClient, tradeKeys.incoming(), offerId) === 'done') return Promise.resolve();
  return queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() });
}

export interface CreateTradeVariables {
  request: CreateOfferBody;
  /** One per click: newIdempotencyKey(). */
  idempotencyKey: string;
}

/** Sends a trade offer; the Sent list refetches. */
export function useCreateTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: CreateTradeVariables) => createTrade(request, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeKeys.outgoing() }),
  });
}

export interface OfferActionVariables {
  offerId: number;
  idempotencyKey: string;
}

/** Accepts an incoming offer: cards and coins change hands, so everything they show is refetched. */
export function useAcceptTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    // A decided trade still being completed answers pending (202): ask again with the key until it ends.
    mutationFn: ({ offerId, idempotencyKey }: OfferActionVariables) =>
      untilSettled(() => acceptTrade(offerId, idempotencyKey)),
    onSuccess: (_answer, { offerId }) => refreshAfterAnswer(queryClient, offerId),
    // A failed accept may have ended the offer (a card moved) or recorded why: show its current state.
    onError: () => queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() }),
  });
}

/** Declines an incoming offer. */
export function useDeclineTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, idempotencyKey }: OfferActionVariables) => declineTrade(offerId, idempotencyKey),
    onSuccess: (_answer, { offerId }) => refreshAfterAnswer(queryClient, offerId),
  });
}

/**
 * Cancels an own outgoing offer. Everything is read again even with the stream open: the coins it
 * held are released with no event of their own (a hold is not a posting).
 */
export function useCancelTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, idempotencyKey }: OfferActionVariables) => cancelTrade(offerId, idempotencyKey),
    onSuccess: () => refreshAfterTrade(queryClient),
  });
}

/**
 * Every offer of a negotiation, oldest first; idle until asked (`enabled`). The live stream's offer
 * events read it again (lib/live/offers.ts).
 */
export function useOfferThread(offer: TradeOffer, enabled: boolean) {
  return useQuery({
    queryKey: tradeKeys.thread(offer.threadId),
    queryFn: ({ signal }) => getOfferThread(offer.id, signal),
    enabled,
  });
}

export interface CounterTradeVariables {
  offerId: number;
  request: CounterOfferBody;
  idempotencyKey: string;
}

/** Answers an incoming offer with a counter-offer: it leaves Incoming, the counter joins Sent. */
export function useCounterTrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, request, idempotencyKey }: CounterTradeVariables) =>
      counterTrade(offerId, request, idempotencyKey),
    // Not awaited: the caller's own onSuccess (closing the form) must not wait for the lists, whose
    // refetch removes the countered offer (and may unmount the list that holds the form).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.outgoing() });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.threads() });
    },
    // A refused counter (the offer was cancelled or accepted meanwhile): show the list as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: tradeKeys.incoming() }),
  });
}
