import { useMutation, useQueryClient } from '@tanstack/react-query';

import { userQueryKey, type User } from '@/features/auth/api';
import { api } from '@/lib/api';

/** Account changes of the Profile screen; each answers with the updated user, stored as the session user. */

export interface FavoriteTeamRequest {
  /** Null clears the choice. */
  teamId: number | null;
}

export interface UsernameRequest {
  username: string;
}

export const setFavoriteTeam = (body: FavoriteTeamRequest) => api.post<User>('/api/user/favorite-team', body);
export const setUsername = (body: UsernameRequest) => api.post<User>('/api/user/username', body);

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
