import type { Knex } from 'knex';
import type { PitchPosition } from '@touchline/rules';
import type { PlayerMatch } from '../domain/match-model';
import { toDate, type Db } from './types';

export interface ImportRow {
  matchday_id: number;
  revision: number;
  format: string;
  players: number;
  imported_by: number;
  idempotency_key: string;
  imported_at: Date;
}

function normalise(row: ImportRow): ImportRow {
  return {
    ...row,
    matchday_id: Number(row.matchday_id),
    revision: Number(row.revision),
    players: Number(row.players),
    imported_by: Number(row.imported_by),
    imported_at: toDate(row.imported_at),
  };
}

export async function findImport(db: Db, matchdayId: number): Promise<ImportRow | undefined> {
  const row = (await db('result_imports').where({ matchday_id: matchdayId }).first()) as
    ImportRow | undefined;
  return row && normalise(row);
}

export async function importsOf(db: Db, matchdayIds: readonly number[]): Promise<ImportRow[]> {
  if (matchdayIds.length === 0) return [];
  const rows = (await db('result_imports').whereIn('matchday_id', matchdayIds)) as ImportRow[];
  return rows.map(normalise);
}

/**
 * Replaces the matchday's upload (its lines and its summary) with this one, a revision later. The
 * caller holds the matchday's row lock, as scoring does, so an upload and a scoring never interleave.
 */
export async function replaceImport(
  trx: Knex.Transaction,
  upload: Omit<ImportRow, 'revision'>,
  players: readonly (PlayerMatch & { line: number })[],
): Promise<ImportRow> {
  const earlier = await findImport(trx, upload.matchday_id);
  await trx('imported_results').where({ matchday_id: upload.matchday_id }).delete();
  const row = { ...upload, revision: (earlier?.revision ?? 0) + 1 };
  if (earlier) await trx('result_imports').where({ matchday_id: upload.matchday_id }).update(row);
  else await trx('result_imports').insert(row);
  for (let i = 0; i < players.length; i += 500)
    await trx('imported_results').insert(
      players.slice(i, i + 500).map((p) => ({
        matchday_id: upload.matchday_id,
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
        line: p.line,
      })),
    );
  return row;
}

interface ImportedResultRow {
  player_id: number | string;
  team_id: number | string;
  position: string;
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

/** The upload's players' matches, as the scoring reads any feed's. */
export async function importedResults(db: Db, matchdayId: number): Promise<PlayerMatch[]> {
  const rows = (await db('imported_results')
    .where({ matchday_id: matchdayId })
    .orderBy('player_id')) as ImportedResultRow[];
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    teamId: Number(r.team_id),
    position: r.position as PitchPosition,
    minutes: r.minutes,
    goals: r.goals,
    assists: r.assists,
    saves: r.saves,
    cleanSheet: r.clean_sheet,
    goalsConceded: r.goals_conceded,
    yellowCards: r.yellow_cards,
    redCards: r.red_cards,
    points: r.points,
  }));
}

/** The revision of the matchday's upload now (0: none). */
export async function importRevision(db: Db, matchdayId: number): Promise<number> {
  return (await findImport(db, matchdayId))?.revision ?? 0;
}

export interface ImportKeyRow extends Omit<ImportRow, 'idempotency_key'> {
  replaced: boolean;
}

/** The upload a key made, as it was then (a later upload may have replaced it since). */
export async function findImportKey(db: Db, key: string): Promise<ImportKeyRow | undefined> {
  const row = (await db('import_keys').where({ idempotency_key: key }).first()) as
    (ImportKeyRow & { idempotency_key: string }) | undefined;
  if (!row) return undefined;
  const { idempotency_key: _key, replaced, ...upload } = row;
  return { ...normalise({ ...upload, idempotency_key: key }), replaced };
}

export async function recordImportKey(
  trx: Knex.Transaction,
  upload: ImportRow,
  replaced: boolean,
): Promise<void> {
  await trx('import_keys').insert({ ...upload, replaced });
}
