import { notFound } from '@touchline/kit';
import type { GetCatalogResponse } from '@touchline/protos/gen/touchline/cards_market/GetCatalogResponse';
import type { GetTeamProgressResponse } from '@touchline/protos/gen/touchline/cards_market/GetTeamProgressResponse';
import type { GetTeamPlayersResponse } from '@touchline/protos/gen/touchline/cards_market/GetTeamPlayersResponse';
import type { ListTeamsResponse } from '@touchline/protos/gen/touchline/cards_market/ListTeamsResponse';
import { findTeamRow, listTeamRows, ownedCounts } from '../db/queries';
import { playerMessage, playerMessages, teamMessage } from '../mappers';
import type { PlayerRow } from '../domain/player';
import type { CardsDeps } from './deps';

export async function listTeams(deps: CardsDeps): Promise<ListTeamsResponse> {
  return { teams: (await listTeamRows(deps.db)).map(teamMessage) };
}

export async function teamPlayers(deps: CardsDeps, teamId: number): Promise<GetTeamPlayersResponse> {
  const team = await findTeamRow(deps.db, teamId);
  if (!team) throw notFound('Team not found');
  const roster = (await deps.players.all())
    .filter((p) => p.team_id === teamId)
    .sort((a, b) => a.rank - b.rank);
  return { team: teamMessage(team), players: playerMessages(roster, deps.players) };
}

export async function players(deps: CardsDeps, ids: number[]) {
  const found = await deps.players.get(ids);
  return { players: playerMessages([...found.values()], deps.players) };
}

/** Every player with whether the user owns one and how many. */
export async function catalog(deps: CardsDeps, userId: number): Promise<GetCatalogResponse> {
  const [rows, owned] = await Promise.all([deps.players.all(), ownedCounts(deps.db, userId)]);
  return catalogOf(deps, rows, owned);
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

/** Per team, its players and how many of them the user owns a card of: a few numbers, not the whole catalog. */
export async function teamProgress(deps: CardsDeps, userId: number): Promise<GetTeamProgressResponse> {
  const [rows, owned] = await Promise.all([deps.players.all(), ownedCounts(deps.db, userId)]);
  const teams = new Map<number, { teamId: number; players: number; ownedPlayers: number }>();
  for (const row of rows) {
    let team = teams.get(row.team_id);
    if (!team) teams.set(row.team_id, (team = { teamId: row.team_id, players: 0, ownedPlayers: 0 }));
    team.players++;
    if (owned.has(row.id)) team.ownedPlayers++;
  }
  return { teams: [...teams.values()] };
}
