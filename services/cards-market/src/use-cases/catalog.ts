import { notFound } from '@touchline/kit';
import type { GetCatalogResponse } from '@touchline/protos/gen/touchline/cards_market/GetCatalogResponse';
import type { GetClubProgressResponse } from '@touchline/protos/gen/touchline/cards_market/GetClubProgressResponse';
import type { GetTeamPlayersResponse } from '@touchline/protos/gen/touchline/cards_market/GetTeamPlayersResponse';
import type { ListTeamsResponse } from '@touchline/protos/gen/touchline/cards_market/ListTeamsResponse';
import { findClub, listClubs, ownedCounts } from '../db/queries';
import { playerMessage, playerMessages, teamMessage } from '../mappers';
import type { PlayerRow } from '../domain/player';
import { answerMemo } from './answer-memo';
import type { CardsDeps } from './deps';

export async function listTeams(deps: CardsDeps): Promise<ListTeamsResponse> {
  return { teams: (await listClubs(deps.db)).map(teamMessage) };
}

export async function teamPlayers(deps: CardsDeps, teamId: number): Promise<GetTeamPlayersResponse> {
  const club = await findClub(deps.db, teamId);
  if (!club) throw notFound('Team not found');
  const roster = (await deps.players.all())
    .filter((p) => p.club_id === teamId)
    .sort((a, b) => a.rank - b.rank);
  return { team: teamMessage(club), players: playerMessages(roster, deps.players) };
}

export async function players(deps: CardsDeps, ids: number[]) {
  const found = await deps.players.get(ids);
  return { players: playerMessages([...found.values()], deps.players) };
}

/** Every player with whether the user owns one and how many. */
export async function catalog(deps: CardsDeps, userId: number): Promise<GetCatalogResponse> {
  const generation = deps.players.generation;
  const [rows, owned] = await Promise.all([deps.players.all(), ownedCounts(deps.db, userId)]);
  const counts = [...owned].join(';');
  return answerMemo(deps.players).get(`catalog:${userId}`, generation, counts, () =>
    catalogOf(deps, rows, owned),
  );
}

/** How many cards of each player the user owns: a few numbers beside the shared players. */
export async function ownedCountsOf(deps: CardsDeps, userId: number) {
  const owned = await ownedCounts(deps.db, userId);
  return { counts: [...owned].map(([playerId, count]) => ({ playerId, count })) };
}

function catalogOf(deps: CardsDeps, rows: PlayerRow[], owned: Map<number, number>): GetCatalogResponse {
  const entries = rows.map((row) => {
    const count = owned.get(row.id) ?? 0;
    return { player: playerMessage(row, deps.players.change(row.id)), owned: count > 0, count };
  });
  return { entries, totalPlayers: rows.length, collectedPlayers: owned.size };
}

/** Per club, its players and how many of them the user owns a card of: a few numbers, not the whole catalog. */
export async function clubProgress(deps: CardsDeps, userId: number): Promise<GetClubProgressResponse> {
  const [rows, owned] = await Promise.all([deps.players.all(), ownedCounts(deps.db, userId)]);
  const clubs = new Map<number, { teamId: number; players: number; ownedPlayers: number }>();
  for (const row of rows) {
    let club = clubs.get(row.club_id);
    if (!club) clubs.set(row.club_id, (club = { teamId: row.club_id, players: 0, ownedPlayers: 0 }));
    club.players++;
    if (owned.has(row.id)) club.ownedPlayers++;
  }
  return { clubs: [...clubs.values()] };
}
