import type { Knex } from 'knex';
import type { FixtureResult, PlayerMatch } from '../domain/match-model';
import type { Db } from './types';

export interface PlayerResultRow {
  player_id: number;
  minutes: number;
  goals: number;
  assists: number;
  saves: number;
  clean_sheet: boolean;
  goals_conceded: number;
  yellow_cards: number;
  red_cards: number;
  points: number;
}

export async function saveResults(
  trx: Knex.Transaction,
  matchdayId: number,
  fixtures: readonly FixtureResult[],
  players: readonly PlayerMatch[],
): Promise<void> {
  for (let i = 0; i < players.length; i += 500) {
    await trx('player_results')
      .insert(
        players.slice(i, i + 500).map((p) => ({
          matchday_id: matchdayId,
          player_id: p.playerId,
          team_id: p.teamId,
          position: p.position,
          minutes: p.minutes,
          goals: p.goals,
          assists: p.assists,
          saves: p.saves,
          clean_sheet: p.cleanSheet,
          goals_conceded: p.goalsConceded,
          yellow_cards: p.yellowCards,
          red_cards: p.redCards,
          points: p.points,
        })),
      )
      .onConflict(['matchday_id', 'player_id'])
      .ignore();
  }
  if (fixtures.length > 0)
    await trx('fixtures')
      .insert(
        fixtures.map((f) => ({
          matchday_id: matchdayId,
          home_team_id: f.home,
          away_team_id: f.away,
          home_goals: f.homeGoals,
          away_goals: f.awayGoals,
        })),
      )
      .onConflict(['matchday_id', 'home_team_id'])
      .ignore();
}

/** The results of the given players in the given matchdays. */
export async function resultsOf(
  db: Db,
  matchdayIds: readonly number[],
  playerIds: readonly number[],
): Promise<(PlayerResultRow & { matchday_id: number })[]> {
  if (matchdayIds.length === 0 || playerIds.length === 0) return [];
  const rows = (await db('player_results')
    .whereIn('matchday_id', matchdayIds)
    .whereIn('player_id', playerIds)) as (PlayerResultRow & { matchday_id: number })[];
  return rows.map((r) => ({ ...r, matchday_id: Number(r.matchday_id), player_id: Number(r.player_id) }));
}
