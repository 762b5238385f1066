import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, type FavoriteTeamBody, type User, type UsernameBody } from '@touchline/contract';

import { call } from '@/lib/api';
import { userQueryKey } from '@/lib/data/auth';

/** Account changes of the Profile screen; each answers with the updated user, stored as the session user. */

export const setFavoriteTeam = (body: FavoriteTeamBody) => call(api.user.setFavoriteTeam, { body });
export const setUsername = (body: UsernameBody) => call(api.user.setUsername, { body });

export function useSetFavoriteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavoriteTeam,
    onSuccess: (user) => queryClient.setQueryData<User | null>(userQueryKey, user),
  });
}

export function useSetUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsername,
    onSuccess: (user) => queryClient.setQueryData<User | null>(userQueryKey, user),
  });
}
