import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type CashoutRequestBody } from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';
import { refreshCoins } from '@/lib/data/coins';

// ---------------------------------------------------------------------------------------------------------
// Query keys
// ---------------------------------------------------------------------------------------------------------

export const cashoutKeys = {
  all: ['cashout'] as const,
  eligibility: (coins?: number) => [...cashoutKeys.all, 'eligibility', coins ?? null] as const,
  mine: () => [...cashoutKeys.all, 'requests'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getCashoutEligibility = (coins: number | undefined, signal?: AbortSignal) =>
  call(api.cashout.eligibility, { query: coins === undefined ? {} : { coins }, signal });
export const getMyCashouts = (signal?: AbortSignal) => call(api.cashout.mine, { signal });

/** One Idempotency-Key per confirmed request: a retried POST cannot set the coins aside twice. */
export const requestCashout = (body: CashoutRequestBody) =>
  call(api.cashout.request, { body, idempotencyKey: newIdempotencyKey() });

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

/**
 * The rules the server applies to a cash-out and which of them the user does not meet yet, judged for
 * `coins` when given (the amount typed). The previous answer stays shown while a new amount is asked.
 */
export function useCashoutEligibility(coins?: number) {
  return useQuery({
    queryKey: cashoutKeys.eligibility(coins),
    queryFn: ({ signal }) => getCashoutEligibility(coins, signal),
    placeholderData: keepPreviousData,
  });
}

/** The user's cash-out requests, newest first. */
export function useMyCashouts() {
  return useQuery({ queryKey: cashoutKeys.mine(), queryFn: ({ signal }) => getMyCashouts(signal) });
}

/** POST /api/cashout/request; the new balance shows at once, the history and eligibility are refetched. */
export function useRequestCashout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCashout,
    onSuccess: (result) => {
      void refreshCoins(queryClient, result.coins);
      void queryClient.invalidateQueries({ queryKey: cashoutKeys.all });
    },
  });
}
