import type { HistoryEntry } from '@touchline/protos/gen/touchline/matchday/HistoryEntry';
import type { Lineup } from '@touchline/protos/gen/touchline/matchday/Lineup';
import type { MatchdayInfo } from '@touchline/protos/gen/touchline/matchday/MatchdayInfo';
import type { ResultsImport } from '@touchline/protos/gen/touchline/matchday/ResultsImport';
import type { ImportRow } from './db/imports';
import type { LineupCardRow, LineupRow } from './db/lineups';
import type { MatchdayRow } from './db/matchdays';
import type { PlayerResultRow } from './db/results';

/** Rows → proto messages: the one place matchday shapes its answers. */

export function matchdayMessage(row: MatchdayRow, entries?: number): MatchdayInfo {
  return {
    id: row.id,
    opensAt: row.opens_at.toISOString(),
    locksAt: row.locks_at.toISOString(),
    resultsAt: row.results_at.toISOString(),
    state: row.state,
    entries: entries ?? row.entries,
  };
}

export function lineupMessage(
  row: LineupRow,
  cards: readonly LineupCardRow[],
  results: ReadonlyMap<number, PlayerResultRow>,
): Lineup {
  return {
    matchdayId: row.matchday_id,
    userId: row.user_id,
    captainCardId: row.captain_card_id,
    points: row.points ?? 0,
    rank: row.rank ?? 0,
    reward: row.reward ?? 0,
    rewardStatus: row.reward_state ?? '',
    updatedAt: row.updated_at.toISOString(),
    cards: cards.map((c) => {
      const result = results.get(c.player_id);
      return {
        cardId: c.card_id,
        playerId: c.player_id,
        playerName: c.player_name,
        position: c.position,
        rarity: c.rarity,
        teamId: c.team_id,
        captain: c.captain,
        scored: c.points !== null,
        points: c.points ?? 0,
        result: result
          ? {
              minutes: result.minutes,
              goals: result.goals,
              assists: result.assists,
              saves: result.saves,
              cleanSheet: result.clean_sheet,
              goalsConceded: result.goals_conceded,
              yellowCards: result.yellow_cards,
              redCards: result.red_cards,
              points: result.points * 10,
            }
          : null,
      };
    }),
  };
}

export function historyEntry(matchday: MatchdayRow, lineup: Lineup): HistoryEntry {
  return { matchday: matchdayMessage(matchday), lineup };
}

export function importMessage(row: Omit<ImportRow, 'idempotency_key'>): ResultsImport {
  return {
    revision: row.revision,
    format: row.format,
    players: row.players,
    importedBy: row.imported_by,
    importedAt: row.imported_at.toISOString(),
  };
}
