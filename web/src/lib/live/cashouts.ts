import type { QueryClient } from '@tanstack/react-query';

import type { CashoutRequest, LiveCashout } from '@touchline/contract';

import { cashoutKeys } from '@/lib/data/cashout';

/**
 * One of the user's cash-outs moved: its row in the request history shows the new status at once, then
 * the history and the eligibility (the pending request no longer counts) are read again. A refund on
 * rejection arrives as a `balance` event.
 */
export function onCashout(queryClient: QueryClient, { requestId, status }: LiveCashout): void {
  queryClient.setQueryData<CashoutRequest[]>(cashoutKeys.mine(), (requests) =>
    requests?.map((request) => (request.id === requestId ? { ...request, status } : request)),
  );
  void queryClient.invalidateQueries({ queryKey: cashoutKeys.all });
}
