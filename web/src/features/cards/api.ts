import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { userQueryKey } from '@/features/auth/api';
import { api } from '@/lib/api';

import type { Card, CatalogEntry, Player, StarterPackRevealedResponse, Team } from './types';

// ---------------------------------------------------------------------------------------------------------
// Query keys: every card, catalog and club query of the app.
// ---------------------------------------------------------------------------------------------------------

export const cardKeys = {
  all: ['cards'] as const,
  userCards: () => [...cardKeys.all, 'user'] as const,
  starterPack: () => [...cardKeys.all, 'starter-pack'] as const,
  catalog: () => [...cardKeys.all, 'catalog'] as const,
  teams: () => [...cardKeys.all, 'teams'] as const,
  teamsWithPlayerCounts: () => [...cardKeys.all, 'teams', 'with-player-counts'] as const,
  teamPlayers: (teamId: number) => [...cardKeys.all, 'teams', teamId, 'players'] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getUserCards = (signal?: AbortSignal) => api.get<Card[]>('/api/user/cards', signal);
export const getStarterPack = (signal?: AbortSignal) => api.get<Card[]>('/api/user/starter-pack', signal);
export const markStarterPackRevealed = () =>
  api.post<StarterPackRevealedResponse>('/api/user/starter-pack/revealed', {});
export const getCatalog = (signal?: AbortSignal) => api.get<CatalogEntry[]>('/api/player-catalog', signal);
export const getTeams = (signal?: AbortSignal) => api.get<Team[]>('/api/teams', signal);
export const getTeamsWithPlayerCounts = (signal?: AbortSignal) =>
  api.get<Team[]>('/api/teams/with-player-counts', signal);
export const getTeamPlayers = (teamId: number, signal?: AbortSignal) =>
  api.get<Player[]>(`/api/teams/${teamId}/players`, signal);

const byName = (a: Team, b: Team) => a.name.localeCompare(b.name);

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

/** The signed-in user's cards, newest first. */
export function useUserCards() {
  return useQuery({ queryKey: cardKeys.userCards(), queryFn: ({ signal }) => getUserCards(signal) });
}

/** Unrevealed starter-pack cards (empty once revealed). */
export function useStarterPack() {
  return useQuery({ queryKey: cardKeys.starterPack(), queryFn: ({ signal }) => getStarterPack(signal) });
}

/**
 * Marks the starter pack revealed, then refetches it (now empty) so the overlay never reopens, and the
 * user, whose card count and collection value were read before the pack landed.
 */
export function useMarkStarterPackRevealed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markStarterPackRevealed,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.starterPack() }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]),
  });
}

/** Every player with whether (and how often) the user owns them. */
export function useCatalog() {
  return useQuery({ queryKey: cardKeys.catalog(), queryFn: ({ signal }) => getCatalog(signal) });
}

/** The clubs, sorted by name. */
export function useTeams() {
  return useQuery({
    queryKey: cardKeys.teams(),
    queryFn: async ({ signal }) => [...(await getTeams(signal))].sort(byName),
  });
}

/** The clubs with their roster sizes (playerCount), sorted by name. */
export function useTeamsWithPlayerCounts() {
  return useQuery({
    queryKey: cardKeys.teamsWithPlayerCounts(),
    queryFn: async ({ signal }) => [...(await getTeamsWithPlayerCounts(signal))].sort(byName),
  });
}

/** A club's roster, best rank first; disabled without a team. */
export function useTeamPlayers(teamId: number | null) {
  return useQuery({
    queryKey: cardKeys.teamPlayers(teamId ?? 0),
    queryFn: ({ signal }) => getTeamPlayers(teamId!, signal),
    enabled: teamId !== null,
  });
}
