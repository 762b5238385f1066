import { matchPoints, type MatchStats, type PitchPosition } from '@touchline/rules';
import { jsonErrorLine } from './json-error-line';
import type { PlayerMatch } from './match-model';

/**
 * An imported results file (docs/match-results-format.md): one player's match per line (CSV) or
 * per object (a JSON array), checked line by line. Pure: the catalog's players come from the caller.
 * A file with any error imports nothing, so every error is listed, each naming its line.
 */

export type ResultsFormat = 'csv' | 'json';

export interface RosterPlayer {
  teamId: number;
  position: PitchPosition;
}

export interface LineError {
  line: number;
  message: string;
}

export interface ParsedResults {
  /** Each with the line it was read from. */
  players: (PlayerMatch & { line: number })[];
  errors: LineError[];
}

/** At most this many lines of results: a matchday has 858 players. */
export const MAX_RESULT_LINES = 2_000;

/** Each number's allowed range: beyond it the line is surely a typo. */
const LIMITS: Record<Exclude<keyof MatchStats, 'cleanSheet'>, number> = {
  minutes: 130,
  goals: 10,
  assists: 10,
  saves: 30,
  goalsConceded: 15,
  yellowCards: 2,
  redCards: 1,
};

const CSV_COLUMNS: Record<string, keyof MatchStats | 'playerId'> = {
  player_id: 'playerId',
  minutes: 'minutes',
  goals: 'goals',
  assists: 'assists',
  saves: 'saves',
  clean_sheet: 'cleanSheet',
  goals_conceded: 'goalsConceded',
  yellow_cards: 'yellowCards',
  red_cards: 'redCards',
};
const JSON_KEYS = new Set<string>(Object.values(CSV_COLUMNS));
const CSV_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(CSV_COLUMNS).map(([csv, key]) => [key, csv]),
);

type RawRow = Record<string, unknown>;

/** A raw row read from a line: its fields, or the reason the line could not be read. */
type ReadLine = { line: number; row: RawRow } | { line: number; error: string };

export function parseResultsFile(
  format: ResultsFormat,
  content: string,
  roster: ReadonlyMap<number, RosterPlayer>,
): ParsedResults {
  const read = format === 'csv' ? readCsv(content) : readJson(content);
  if ('error' in read) return { players: [], errors: [read.error] };
  const errors: LineError[] = [];
  const players: ParsedResults['players'] = [];
  const seen = new Map<number, number>();
  for (const entry of read.lines) {
    if ('error' in entry) {
      errors.push({ line: entry.line, message: entry.error });
      continue;
    }
    const naming = (key: string) => (format === 'csv' ? (CSV_NAME[key] ?? key) : key);
    const checked = checkRow(entry.row, naming, roster);
    if (typeof checked === 'string') {
      errors.push({ line: entry.line, message: checked });
      continue;
    }
    const earlier = seen.get(checked.playerId);
    if (earlier !== undefined) {
      errors.push({ line: entry.line, message: `player ${checked.playerId} is already on line ${earlier}` });
      continue;
    }
    seen.set(checked.playerId, entry.line);
    players.push({ ...checked, line: entry.line });
  }
  if (errors.length === 0 && players.length === 0)
    errors.push({ line: 1, message: 'the file has no results' });
  return { players, errors };
}

function checkRow(
  row: RawRow,
  naming: (key: string) => string,
  roster: ReadonlyMap<number, RosterPlayer>,
): PlayerMatch | string {
  const playerId = row['playerId'];
  if (playerId === undefined || playerId === '') return `${naming('playerId')} is missing`;
  const id = wholeNumber(playerId);
  if (id === undefined || id <= 0) return `${naming('playerId')} must be a player's id (a whole number)`;
  const player = roster.get(id);
  if (!player) return `player ${id} is not in the catalog`;
  if (row['minutes'] === undefined || row['minutes'] === '') return `${naming('minutes')} is missing`;
  const stats: Partial<MatchStats> = {};
  for (const [key, max] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    const raw = row[key];
    const value = raw === undefined || raw === '' ? 0 : wholeNumber(raw);
    if (value === undefined || value < 0 || value > max)
      return `${naming(key)} must be a whole number from 0 to ${max}`;
    stats[key] = value;
  }
  const cleanSheet = flag(row['cleanSheet']);
  if (cleanSheet === undefined) return `${naming('cleanSheet')} must be true or false`;
  const s = { ...stats, cleanSheet } as MatchStats;
  if (s.cleanSheet && s.goalsConceded > 0)
    return `${naming('cleanSheet')} is true but ${naming('goalsConceded')} is ${s.goalsConceded}`;
  if (s.minutes === 0 && (s.goals || s.assists || s.saves || s.yellowCards || s.redCards || s.cleanSheet))
    return `a player with 0 ${naming('minutes')} cannot have goals, assists, saves, cards or a clean sheet`;
  return {
    playerId: id,
    teamId: player.teamId,
    position: player.position,
    ...s,
    points: matchPoints(player.position, s),
  };
}

function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d{1,9}\s*$/.test(value)) return Number(value.trim());
  return undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === undefined || value === '' || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1' || text === 'yes') return true;
  if (text === 'false' || text === '0' || text === 'no') return false;
  return undefined;
}

type Read = { lines: ReadLine[] } | { error: LineError };

/**
 * CSV: a header line naming the columns (any order; player_id and minutes required, the others
 * 0 or false when absent), then one player a line. Blank lines are skipped; no quoting is needed,
 * since every value is a number or a flag.
 */
function readCsv(content: string): Read {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { error: { line: 1, message: 'the file is empty' } };
  const header = lines[headerIndex]!.split(',').map((c) => c.trim().toLowerCase());
  const headerLine = headerIndex + 1;
  for (const column of header)
    if (!(column in CSV_COLUMNS))
      return {
        error: {
          line: headerLine,
          message: `unknown column "${column.slice(0, 40)}" (the columns are ${Object.keys(CSV_COLUMNS).join(', ')})`,
        },
      };
  const duplicate = header.find((c, i) => header.indexOf(c) !== i);
  if (duplicate) return { error: { line: headerLine, message: `the column ${duplicate} appears twice` } };
  for (const required of ['player_id', 'minutes'])
    if (!header.includes(required))
      return { error: { line: headerLine, message: `the header needs a ${required} column` } };
  const rows = lines.slice(headerIndex + 1);
  if (rows.filter((l) => l.trim() !== '').length > MAX_RESULT_LINES) return tooMany();
  const read: ReadLine[] = [];
  rows.forEach((text, i) => {
    const line = headerLine + 1 + i;
    if (text.trim() === '') return;
    const cells = text.split(',');
    if (cells.length !== header.length) {
      read.push({ line, error: `${cells.length} values for ${header.length} columns` });
      return;
    }
    read.push({
      line,
      row: Object.fromEntries(header.map((column, c) => [CSV_COLUMNS[column]!, cells[c]!.trim()])),
    });
  });
  return { lines: read };
}

/** JSON: an array of objects, each named by the line its `{` is on. */
function readJson(content: string): Read {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { error: { line: jsonErrorLine(content), message: 'the file is not valid JSON' } };
  }
  if (!Array.isArray(parsed))
    return { error: { line: 1, message: 'the file must be a JSON array of results, one object per player' } };
  if (parsed.length > MAX_RESULT_LINES) return tooMany();
  const starts = elementLines(content);
  return {
    lines: parsed.map((item: unknown, i): ReadLine => {
      const line = starts[i] ?? 1;
      if (typeof item !== 'object' || item === null || Array.isArray(item))
        return { line, error: 'each result must be an object' };
      const unknownKey = Object.keys(item).find((k) => !JSON_KEYS.has(k));
      if (unknownKey) return { line, error: `unknown field "${unknownKey.slice(0, 40)}"` };
      return { line, row: item as RawRow };
    }),
  };
}

function tooMany(): Read {
  return { error: { line: 1, message: `the file has more than ${MAX_RESULT_LINES} results` } };
}

/** The line of each top-level element of a JSON array (the text parsed already). */
function elementLines(content: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectingElement = false;
  for (const ch of content) {
    if (ch === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (depth === 1 && expectingElement && ch !== ']') {
      lines.push(line);
      expectingElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectingElement = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectingElement = true;
  }
  return lines;
}
