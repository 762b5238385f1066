import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type MatchResultsBody } from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';
import { adminKeys } from '@/lib/data/admin';

/** The admin's matchdays screen: the latest matchdays, their uploaded results and the feed in use. */
export const adminMatchdayKeys = {
  matchdays: () => [...adminKeys.all, 'matchdays'] as const,
};

export function useAdminMatchdays(enabled: boolean) {
  return useQuery({
    queryKey: adminMatchdayKeys.matchdays(),
    queryFn: ({ signal }) => call(api.admin.matchdays, { signal }),
    enabled,
  });
}

/** One upload per click: a retry of the click (the same key) is answered with the same upload. */
export function useImportMatchResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ matchdayId, body }: { matchdayId: number; body: MatchResultsBody }) =>
      call(api.admin.importMatchResults, {
        params: { matchdayId },
        body,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminMatchdayKeys.matchdays() }),
  });
}
