import type { AdminMatchdays } from '@touchline/contract';

/** The results screen's rules: the file's format, the matchday offered first, the line errors. */

type AdminMatchday = AdminMatchdays['matchdays'][number];

/** By the file's extension, else by its first character (a JSON file is an array). */
export function resultsFormatOf(fileName: string, text: string): 'csv' | 'json' {
  const name = fileName.toLowerCase();
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.csv')) return 'csv';
  return text.trimStart().startsWith('[') ? 'json' : 'csv';
}

/** A matchday that can take a file: kicked off and not scored. */
export const takesResults = (m: AdminMatchday): boolean => m.matchday.state === 'locked';

/** The matchday to offer first: the oldest one waiting for its results, else the newest. */
export function defaultMatchdayId(matchdays: readonly AdminMatchday[]): number | undefined {
  const waiting = matchdays.filter(takesResults);
  return (waiting.at(-1) ?? matchdays[0])?.matchday.id;
}

const STATE_LABELS = { open: 'taking lineups', locked: 'waiting for results', scored: 'scored' } as const;

/** "Matchday 12 · kicked off 29 Nov, 20:00 · waiting for results · file uploaded (revision 2, 300 players)". */
export function matchdayOptionLabel(m: AdminMatchday, locale?: string): string {
  const when = new Date(m.matchday.locksAt).toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const kickoff = m.matchday.state === 'open' ? `kicks off ${when}` : `kicked off ${when}`;
  const file = m.resultsImport
    ? ` · file uploaded (revision ${m.resultsImport.revision}, ${m.resultsImport.players} players)`
    : '';
  return `Matchday ${m.matchday.id} · ${kickoff} · ${STATE_LABELS[m.matchday.state]}${file}`;
}

export interface LineErrors {
  lines: { line: number; message: string }[];
  /** Errors beyond those listed. */
  more: number;
}

/** The line errors of a refused file (the 422's body), if that is what the error is. */
export function lineErrorsOf(data: unknown): LineErrors | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { lineErrors, errorCount } = data as { lineErrors?: unknown; errorCount?: unknown };
  if (!Array.isArray(lineErrors)) return undefined;
  const lines = lineErrors.filter(
    (e): e is { line: number; message: string } =>
      typeof e === 'object' && e !== null && typeof e.line === 'number' && typeof e.message === 'string',
  );
  const total = typeof errorCount === 'number' ? errorCount : lines.length;
  return { lines, more: Math.max(0, total - lines.length) };
}
