import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  type Card,
  type CatalogEntry,
  type CatalogPage,
  type Position,
  type Rarity,
  type Team,
} from '@touchline/contract';
import { withOwnCard } from '@touchline/rules';

import { userQueryKey } from '@/lib/data/auth';
import { call } from '@/lib/api';
import { usePagedList } from '@/hooks/use-paged-list';

// ---------------------------------------------------------------------------------------------------------
// Query keys: every card, catalog and team query of the app.
// ---------------------------------------------------------------------------------------------------------

export const cardKeys = {
  all: ['cards'] as const,
  userCards: () => [...cardKeys.all, 'user'] as const,
  starterPack: () => [...cardKeys.all, 'starter-pack'] as const,
  catalog: () => [...cardKeys.all, 'catalog'] as const,
  catalogList: (filters: CatalogQueryFilters) => [...cardKeys.catalog(), filters] as const,
  teams: () => [...cardKeys.all, 'teams'] as const,
  teamsWithPlayerCounts: () => [...cardKeys.all, 'teams', 'with-player-counts'] as const,
  /** Not under teams(): the rosters hold players (and their prices), the teams do not. */
  rosters: () => [...cardKeys.all, 'rosters'] as const,
  teamPlayers: (teamId: number) => [...cardKeys.rosters(), teamId] as const,
};

// ---------------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------------

export const getUserCards = (signal?: AbortSignal) => call(api.cards.userCards, { signal });
export const getStarterPack = (signal?: AbortSignal) => call(api.cards.starterPack, { signal });
export const markStarterPackRevealed = () => call(api.cards.starterPackRevealed, { body: {} });
/** The catalog's filters as the server takes them (null or 0: any). */
export interface CatalogQueryFilters {
  search: string;
  teamId: number;
  position: Position | null;
  rarity: Rarity | null;
}

/** Catalog entries per page (the list draws the rows on screen; the next page loads near its end). */
export const CATALOG_PAGE_SIZE = 50;

/** The spec's whole catalog (an older gateway, a test's fixture) as one last page. */
function asCatalogPage(answer: CatalogEntry[] | CatalogPage): CatalogPage {
  if (!Array.isArray(answer)) return answer;
  const collectedPlayers = answer.filter((entry) => entry.owned || entry.count > 0).length;
  return {
    items: answer,
    nextCursor: null,
    total: answer.length,
    collectedPlayers,
    totalPlayers: answer.length,
  };
}

/** One page of the catalog with these filters, and the user's progress over every player. */
export const getCatalogPage = async (
  filters: CatalogQueryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CatalogPage> =>
  asCatalogPage(
    await call(api.cards.catalog, {
      query: { ...filters, teamId: filters.teamId || null, cursor, limit: CATALOG_PAGE_SIZE },
      signal,
    }),
  );
export const getTeams = (signal?: AbortSignal) => call(api.cards.teams, { signal });
export const getTeamsWithPlayerCounts = (signal?: AbortSignal) =>
  call(api.cards.teamsWithPlayerCounts, { signal });
export const getTeamPlayers = (teamId: number, signal?: AbortSignal) =>
  call(api.cards.teamPlayers, { params: { id: teamId }, signal });

const byName = (a: Team, b: Team) => a.name.localeCompare(b.name);

// ---------------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------------

export const userCardsQuery = queryOptions({
  queryKey: cardKeys.userCards(),
  queryFn: ({ signal }) => getUserCards(signal),
});

/** The signed-in user's cards, newest first. */
export function useUserCards() {
  return useQuery(userCardsQuery);
}

/**
 * Cards as the answer of the user's own action has them (a buy, a listing, a withdrawal, a pack's
 * pulls), put into the cached collection (libs/rules withOwnCard). The live `cards` change that
 * follows then finds them there and the collection is not read again (live/cards.ts).
 */
export function putOwnCard(queryClient: QueryClient, ...put: Card[]): void {
  queryClient.setQueryData<Card[]>(
    cardKeys.userCards(),
    (cards) => cards && put.reduce((collection, card) => withOwnCard(collection, card), cards),
  );
}

export const starterPackQuery = queryOptions({
  queryKey: cardKeys.starterPack(),
  queryFn: ({ signal }) => getStarterPack(signal),
});

/** Unrevealed starter-pack cards (empty once revealed). */
export function useStarterPack() {
  return useQuery(starterPackQuery);
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

/**
 * Every player passing the filters, with whether (and how often) the user owns them: a page at a
 * time, the previous list shown while another filter loads.
 */
export function useCatalog(filters: CatalogQueryFilters) {
  return usePagedList({
    queryKey: cardKeys.catalogList(filters),
    fetchPage: (cursor, signal) => getCatalogPage(filters, cursor, signal),
    keepPrevious: true,
  });
}

/** The teams, sorted by name. */
export function useTeams() {
  return useQuery({
    queryKey: cardKeys.teams(),
    queryFn: async ({ signal }) => [...(await getTeams(signal))].sort(byName),
  });
}

/** The teams with their roster sizes (playerCount), sorted by name. */
export function useTeamsWithPlayerCounts() {
  return useQuery({
    queryKey: cardKeys.teamsWithPlayerCounts(),
    queryFn: async ({ signal }) => [...(await getTeamsWithPlayerCounts(signal))].sort(byName),
  });
}

/** A team's roster, best rank first; disabled without a team. */
export function useTeamPlayers(teamId: number | null) {
  return useQuery({
    queryKey: cardKeys.teamPlayers(teamId ?? 0),
    queryFn: ({ signal }) => getTeamPlayers(teamId!, signal),
    enabled: teamId !== null,
  });
}
