import { notFound } from '@touchline/kit';
import type { GetCatalogResponse } from '@touchline/protos/gen/touchline/cards_market/GetCatalogResponse';
import type { GetTeamPlayersResponse } from '@touchline/protos/gen/touchline/cards_market/GetTeamPlayersResponse';
import type { ListTeamsResponse } from '@touchline/protos/gen/touchline/cards_market/ListTeamsResponse';
import { allPlayers, findClub, listClubs, ownedCounts, playersByIds, playersOfClub } from '../db/queries';
import { playerMessage, teamMessage } from '../mappers';
import type { CardsDeps } from './deps';

export async function listTeams(deps: CardsDeps): Promise<ListTeamsResponse> {
  return { teams: (await listClubs(deps.db)).map(teamMessage) };
}

export async function teamPlayers(deps: CardsDeps, teamId: number): Promise<GetTeamPlayersResponse> {
  const club = await findClub(deps.db, teamId);
  if (!club) throw notFound('Team not found');
  const players = await playersOfClub(deps.db, teamId);
  return { team: teamMessage(club), players: players.map((p) => playerMessage(p)) };
}

export async function players(deps: CardsDeps, ids: number[]) {
  return { players: (await playersByIds(deps.db, ids)).map((p) => playerMessage(p)) };
}

/** Every player with whether the user owns one and how many. */
export async function catalog(deps: CardsDeps, userId: number): Promise<GetCatalogResponse> {
  const [rows, owned] = await Promise.all([allPlayers(deps.db), ownedCounts(deps.db, userId)]);
  const entries = rows.map((row) => {
    const count = owned.get(row.id) ?? 0;
    return { player: playerMessage(row), owned: count > 0, count };
  });
  return { entries, totalPlayers: rows.length, collectedPlayers: owned.size };
}
