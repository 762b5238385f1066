import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  api,
  type Balance,
  type CoinPackage,
  type CreatePaymentIntentBody,
  type TestCardBody,
  type User,
} from '@touchline/contract';

import { spendingLimitKeys } from '@/lib/data/spending-limit';
import { call, newIdempotencyKey } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';
import { isLiveOpen } from '@/lib/live/open';
import { cardKeys } from '@/lib/data/cards';
import { marketKeys } from '@/lib/data/market';

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const coinKeys = {
  all: ['coins'] as const,
  packages: () => [...coinKeys.all, 'packages'] as const,
  /** One payment intent per package and attempt: a new attempt (after a payment) gets a fresh intent. */
  paymentIntent: (packageId: string, attempt: number) =>
    [...coinKeys.all, 'payment-intent', packageId, attempt] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getCoinPackages = (signal?: AbortSignal) => call(api.payments.coinPackages, { signal });

// A state-changing call that a retry must not repeat carries one Idempotency-Key per user action.
export const createPaymentIntent = (body: CreatePaymentIntentBody) =>
  call(api.payments.createIntent, { body, idempotencyKey: newIdempotencyKey() });

/** Test mode only: what Stripe.js's confirmCardPayment does, with one of Stripe's test cards. */
export const confirmTestPayment = (paymentIntentId: string, card: TestCardBody) =>
  call(api.payments.testConfirm, {
    params: { intentId: paymentIntentId },
    body: card,
    idempotencyKey: newIdempotencyKey(),
  });

/** Test mode only: the 3-D Secure step of a payment waiting in requires_action. */
export const authenticateTestPayment = (paymentIntentId: string, fail: boolean) =>
  call(api.payments.testAuthenticate, {
    params: { intentId: paymentIntentId },
    body: { fail },
    idempotencyKey: newIdempotencyKey(),
  });

/** Tells the server a payment succeeded; it checks with the provider and credits the coins once. */
export const confirmPaymentSuccess = (paymentIntentId: string) =>
  call(api.payments.success, { body: { paymentIntentId }, idempotencyKey: newIdempotencyKey() });

export const redeemPromoCode = (code: string) =>
  call(api.payments.redeemPromo, { body: { code }, idempotencyKey: newIdempotencyKey() });

// ---------------------------------------------------------------------------------------------------------
// Cache updates
// ---------------------------------------------------------------------------------------------------------

/**
 * Shows a new balance at once (header pill and balance box), then refetches the user and balance,
 * unless the live stream is open: its `balance` event brings any later change (live/open.ts).
 */
export function refreshCoins(queryClient: QueryClient, coins?: number) {
  if (typeof coins === 'number') {
    queryClient.setQueryData<User | null>(userQueryKey, (user) => (user ? { ...user, coins } : user));
    queryClient.setQueryData<Balance>(marketKeys.balance(), { coins });
    if (isLiveOpen(queryClient)) return Promise.resolve();
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: marketKeys.balance() }),
  ]);
}

/**
 * Refetches the user's cards and what depends on them (catalog ownership), unless the live stream is
 * open: the `cards` event of the change refetches them, and the leaderboard's change brings the
 * user's counts (live/leaderboard.ts).
 */
export function refreshCards(queryClient: QueryClient) {
  if (isLiveOpen(queryClient)) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: cardKeys.userCards() }),
    queryClient.invalidateQueries({ queryKey: cardKeys.catalog() }),
  ]);
}

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

/** The five coin packages. */
export function useCoinPackages() {
  return useQuery({ queryKey: coinKeys.packages(), queryFn: ({ signal }) => getCoinPackages(signal) });
}

/**
 * A payment intent for the chosen package, created when the package is picked (the card form needs its
 * mode and, with Stripe, its client secret). Dropped from the cache once no form uses it, so a returning
 * visitor never pays an intent that is already settled.
 */
export function usePaymentIntent(pkg: CoinPackage | undefined, attempt: number) {
  return useQuery({
    queryKey: coinKeys.paymentIntent(pkg?.id ?? '', attempt),
    queryFn: () => createPaymentIntent({ packageId: pkg!.id, amount: pkg!.amount }),
    enabled: pkg !== undefined,
    gcTime: 0,
  });
}

/** POST /api/payment/success; the balance shows the new coins at once and the user is refetched. */
export function useConfirmPaymentSuccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPaymentSuccess,
    onSuccess: (result) => {
      void refreshCoins(queryClient, result.coins);
      // The payment counts toward the monthly limit: the packages it still allows change.
      void queryClient.invalidateQueries({ queryKey: spendingLimitKeys.all });
    },
  });
}

/**
 * Redeems a promo code. On success with coins the user (and balance) is refreshed; with a card or
 * generated cards the user's cards are (docs/spec/economy-admin-spec.md#7-the-calls-it-makes).
 */
export function useRedeemPromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPromoCode,
    onSuccess: (result) => {
      if (!result.success) return;
      const { reward } = result;
      if (reward.coins > 0) void refreshCoins(queryClient, result.coins);
      if (reward.card || reward.generatedCards.length > 0) {
        void refreshCards(queryClient);
        // The card count and collection value come with the user.
        if (!(reward.coins > 0)) void queryClient.invalidateQueries({ queryKey: userQueryKey, exact: true });
      }
    },
  });
}
