import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Team } from '@touchline/contract';

import { userQueryKey } from '@/lib/data/auth';
import { call } from '@/lib/api';

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
  /** Not under teams(): the rosters hold players (and their prices), the clubs do not. */
  rosters: () => [...cardKeys.all, 'rosters'] as const,
  teamPlayers: (teamId: number) => [...cardKeys.rosters(), teamId] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getUserCards = (signal?: AbortSignal) => call(api.cards.userCards, { signal });
export const getStarterPack = (signal?: AbortSignal) => call(api.cards.starterPack, { signal });
export const markStarterPackRevealed = () => call(api.cards.starterPackRevealed, { body: {} });
export const getCatalog = (signal?: AbortSignal) => call(api.cards.catalog, { signal });
export const getTeams = (signal?: AbortSignal) => call(api.cards.teams, { signal });
export const getTeamsWithPlayerCounts = (signal?: AbortSignal) =>
  call(api.cards.teamsWithPlayerCounts, { signal });
export const getTeamPlayers = (teamId: number, signal?: AbortSignal) =>
  call(api.cards.teamPlayers, { params: { id: teamId }, signal });

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
