import type { QueryClient } from '@tanstack/react-query';

import type { AdminCashoutRequest, LiveAdminCashouts, LiveAdminFlags } from '@touchline/contract';

import { adminKeys } from '@/lib/data/admin';
import { toast } from '@/lib/toast';

/**
 * A cash-out request was made or changed status (perhaps by another admin): a new one is announced in
 * a toast; a known row moves to its
 * tab at once; the queue is read again for new rows and for who processed it, and the wallet for the
 * money that left.
 */
export function onAdminCashouts(queryClient: QueryClient, { requestId, status }: LiveAdminCashouts): void {
  const known = queryClient.getQueryData<AdminCashoutRequest[]>(adminKeys.cashouts());
  // A new request: said at once, wherever the admin is (issue 43); the header's badge counts it.
  if (status === 'pending' && !known?.some((request) => request.id === requestId))
    toast.info('New cash-out request', {
      id: `cashout-${requestId}`,
      description: `Request #${requestId} is waiting for review in Cash Out Requests.`,
    });
  queryClient.setQueryData<AdminCashoutRequest[]>(adminKeys.cashouts(), (requests) =>
    requests?.map((request) => (request.id === requestId ? { ...request, status } : request)),
  );
  void queryClient.invalidateQueries({ queryKey: adminKeys.cashouts() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.wallet() });
}

/** A user's fraud flags changed: the user table and the cash-out queue (which shows the requester's flags). */
export function onAdminFlags(queryClient: QueryClient, _data: LiveAdminFlags): void {
  void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
  void queryClient.invalidateQueries({ queryKey: adminKeys.cashouts() });
}
