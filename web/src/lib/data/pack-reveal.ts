import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';

/**
 * Packs bought whose cards the player has not seen yet (issue 43): the server keeps it, so a pack
 * closed before its reveal stays 'unopened' on home and the shop, on this device and any other.
 */
export const packRevealKeys = {
  unopened: ['packs', 'unopened'] as const,
};

export const getUnopenedPacks = (signal?: AbortSignal) => call(api.packs.unopened, { signal });

/** Home's notice reads it too: prefetch-home.ts asks for it early. */
export const unopenedPacksQuery = queryOptions({
  queryKey: packRevealKeys.unopened,
  queryFn: ({ signal }) => getUnopenedPacks(signal),
});

export function useUnopenedPacks() {
  return useQuery(unopenedPacksQuery);
}

/** The player saw the pack's cards: it is no longer unopened anywhere. */
export function useMarkPackRevealed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchaseId: string) =>
      call(api.packs.revealed, { body: { purchaseId }, idempotencyKey: newIdempotencyKey() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: packRevealKeys.unopened }),
  });
}
