import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  api,
  type Challenge,
  type CreateChallengeBody,
  type ScheduleChallengeBody,
} from '@touchline/contract';

import { call, newIdempotencyKey } from '@/lib/api';
import { cardKeys } from '@/lib/data/cards';
import { refreshCoins } from '@/lib/data/coins';
import { packRevealKeys } from '@/lib/data/pack-reveal';

/** Squad challenges (docs/features.md, "Squad challenges"). */
export const challengeKeys = {
  all: ['challenges'] as const,
  list: () => [...challengeKeys.all, 'list'] as const,
  one: (id: number) => [...challengeKeys.all, 'one', id] as const,
  admin: () => [...challengeKeys.all, 'admin'] as const,
};

/** The open and ended challenges, newest first, each with the player's own completion. */
export function useChallenges() {
  return useQuery({
    queryKey: challengeKeys.list(),
    queryFn: ({ signal }) => call(api.challenges.list, { signal }),
  });
}

export function useChallenge(id: number) {
  return useQuery({
    queryKey: challengeKeys.one(id),
    queryFn: ({ signal }) => call(api.challenges.get, { params: { id }, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export interface SubmitSquadVariables {
  challengeId: number;
  cardIds: number[];
  /** One per confirmation: a retried request gives up the squad once. */
  idempotencyKey: string;
}

/**
 * Gives up the squad: the answer replaces the challenge at once; the cards are gone, so the
 * collection is read again, and the coins with it; a reward pack joins the unopened packs.
 */
export function useSubmitSquad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ challengeId, cardIds, idempotencyKey }: SubmitSquadVariables) =>
      call(api.challenges.submit, { params: { id: challengeId }, body: { cardIds }, idempotencyKey }),
    onSuccess: ({ challenge, submission }) => {
      queryClient.setQueryData<Challenge>(challengeKeys.one(challenge.id), challenge);
      void queryClient.invalidateQueries({ queryKey: challengeKeys.list() });
      void queryClient.invalidateQueries({ queryKey: cardKeys.userCards() });
      void refreshCoins(queryClient);
      if (submission.packCardIds.length > 0)
        void queryClient.invalidateQueries({ queryKey: packRevealKeys.unopened });
    },
  });
}

/** Every challenge for the admin screen (the server answers admins only). */
export function useAdminChallenges(enabled: boolean) {
  return useQuery({
    queryKey: challengeKeys.admin(),
    queryFn: ({ signal }) => call(api.adminChallenges.list, { signal }),
    enabled,
  });
}

function useAdminChallengeChange<V>(change: (variables: V) => Promise<Challenge>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
  });
}

export function useCreateChallenge() {
  return useAdminChallengeChange((body: CreateChallengeBody) =>
    call(api.adminChallenges.create, { body, idempotencyKey: newIdempotencyKey() }),
  );
}

export function useScheduleChallenge() {
  return useAdminChallengeChange(({ id, body }: { id: number; body: ScheduleChallengeBody }) =>
    call(api.adminChallenges.schedule, { params: { id }, body, idempotencyKey: newIdempotencyKey() }),
  );
}

export function useRetireChallenge() {
  return useAdminChallengeChange((id: number) =>
    call(api.adminChallenges.retire, { params: { id }, body: {}, idempotencyKey: newIdempotencyKey() }),
  );
}
