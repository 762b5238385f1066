import { z } from 'zod';
import { Id, idParam, Position, Rarity, Timestamp } from './common';
import { pageOf, pageQuery } from './paging';

/** Matchdays and lineups (docs/features.md, "Matchdays"). Points are shown with one decimal (12.5). */

export const MatchdayInfo = z
  .object({
    id: z.number(),
    opensAt: Timestamp,
    /** Kickoff: lineups lock. */
    locksAt: Timestamp,
    /** When the results come in and the lineups are scored. */
    resultsAt: Timestamp,
    state: z.enum(['open', 'locked', 'scored']),
    /** Lineups fielded. */
    entries: z.number(),
  })
  .meta({ id: 'Matchday' });

export const PlayerMatchResult = z.object({
  minutes: z.number(),
  goals: z.number(),
  assists: z.number(),
  saves: z.number(),
  cleanSheet: z.boolean(),
  goalsConceded: z.number(),
  yellowCards: z.number(),
  redCards: z.number(),
  /** The player's points by the table, before the rarity bonus and the captaincy. */
  points: z.number(),
});

export const LineupCard = z.object({
  cardId: z.number(),
  playerId: z.number(),
  playerName: z.string(),
  position: Position,
  rarity: Rarity,
  teamId: z.number(),
  captain: z.boolean(),
  /** The match result; null until the matchday is scored. */
  result: PlayerMatchResult.nullable(),
  /** With the rarity bonus and the captain's ×1.5; null until scored. */
  points: z.number().nullable(),
});

export const Lineup = z
  .object({
    matchdayId: z.number(),
    cards: z.array(LineupCard),
    captainCardId: z.number(),
    /** null until scored. */
    points: z.number().nullable(),
    rank: z.number().nullable(),
    /** Coins; null until scored. */
    reward: z.number().nullable(),
    rewardStatus: z.enum(['pending', 'paid']).nullable(),
    updatedAt: Timestamp,
  })
  .meta({ id: 'Lineup' });

export const MatchdayView = z.object({
  matchday: MatchdayInfo,
  /** The user's lineup in it; null when they fielded none. */
  lineup: Lineup.nullable(),
  /** The server's time, for the lock countdown. */
  now: Timestamp,
  /**
   * GET /api/matchday: the matchday that kicked off last (locked, waiting for its results, or scored)
   * and the user's lineup in it; null before the first kickoff and for GET /api/matchday/:id.
   */
  previous: z.object({ matchday: MatchdayInfo, lineup: Lineup.nullable() }).nullable(),
});

export const MatchdayIdParams = z.object({ id: idParam('id') });

/** `id`: another matchday than the open one (or the latest scored one, for standings). */
export const MatchdayQuery = z.strictObject({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int('id must be a positive whole number')
    .positive('id must be a positive whole number')
    .max(2 ** 31 - 1, 'id must be a positive whole number')
    .optional(),
});

export const LineupBody = z.strictObject({
  /** Five own cards: a goalkeeper, a defender, a midfielder, a forward and one more outfield player. */
  cardIds: z.array(Id).length(5, 'cardIds: a lineup has 5 cards'),
  captainCardId: Id,
});

/** The lineup as saved, and its matchday. */
export const LineupSaved = z.object({ matchday: MatchdayInfo, lineup: Lineup });

export const StandingsEntry = z.object({
  rank: z.number(),
  user: z.object({ id: z.number(), username: z.string() }),
  points: z.number(),
  reward: z.number(),
});

export const STANDINGS_TOP = 100;

export const Standings = z.object({
  /** null when no matchday has been scored yet. */
  matchday: MatchdayInfo.nullable(),
  /** The best STANDINGS_TOP lineups. */
  entries: z.array(StandingsEntry),
  /** The user's own place; null when they fielded no lineup in it. */
  mine: StandingsEntry.nullable(),
});

export const HistoryItem = z.object({
  /** The matchday's id (the history is newest first). */
  id: z.number(),
  matchday: MatchdayInfo,
  lineup: Lineup,
});

export const HistoryQuery = z.strictObject(pageQuery);
export const HistoryPage = pageOf(HistoryItem, { total: z.number() });

export type MatchdayInfo = z.infer<typeof MatchdayInfo>;
export type Lineup = z.infer<typeof Lineup>;
export type LineupCard = z.infer<typeof LineupCard>;
export type MatchdayView = z.infer<typeof MatchdayView>;
export type LineupBody = z.infer<typeof LineupBody>;
export type Standings = z.infer<typeof Standings>;
export type StandingsEntry = z.infer<typeof StandingsEntry>;
export type HistoryItem = z.infer<typeof HistoryItem>;
export type HistoryPage = z.infer<typeof HistoryPage>;
