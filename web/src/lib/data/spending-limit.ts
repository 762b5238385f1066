import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type SpendingLimitBody } from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';

/** Responsible play (docs/design.md#7-decisions-on-the-specs-open-points): the player's monthly limit on coin purchases. */

export const spendingLimitKeys = {
  all: ['spending-limit'] as const,
};

export const getSpendingLimit = (signal?: AbortSignal) => call(api.spendingLimit.get, { signal });

export const setSpendingLimit = (body: SpendingLimitBody) =>
  call(api.spendingLimit.set, { body, idempotencyKey: newIdempotencyKey() });

export function useSpendingLimit() {
  return useQuery({ queryKey: spendingLimitKeys.all, queryFn: ({ signal }) => getSpendingLimit(signal) });
}

/** Set, lower, raise or remove; the answer is the new state (a raise comes back as pending). */
export function useSetSpendingLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSpendingLimit,
    onSuccess: (limit) => {
      queryClient.setQueryData(spendingLimitKeys.all, limit);
    },
  });
}
