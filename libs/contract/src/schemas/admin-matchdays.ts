import { z } from 'zod';
import { idParam, Timestamp } from './common';
import { MatchdayInfo } from './matchday';

/**
 * The results import for the `import` match feed (docs/match-results-format.md). The largest file
 * the gateway takes: a matchday has 858 players, a JSON file of them pretty-printed is about 200 kB.
 */
export const MAX_RESULTS_FILE_CHARS = 400_000;

export const ResultsFormat = z.enum(['csv', 'json']);

/** An admin's upload of a matchday's results. */
export const ResultsImport = z
  .object({
    /** 1 for the first upload, one more for each replacement before scoring. */
    revision: z.number(),
    format: ResultsFormat,
    /** Result lines imported. */
    players: z.number(),
    importedBy: z.number(),
    importedAt: Timestamp,
  })
  .meta({ id: 'ResultsImport' });

export const AdminMatchday = z.object({
  matchday: MatchdayInfo,
  /** null: no file uploaded. */
  resultsImport: ResultsImport.nullable(),
});

export const AdminMatchdays = z.object({
  /** The match feed in use (MATCH_FEED): files are imported only with `import`. */
  feed: z.enum(['simulated', 'import']),
  /** The latest matchdays, newest kickoff first. */
  matchdays: z.array(AdminMatchday),
});

export const MatchdayResultsParams = z.object({ matchdayId: idParam('matchdayId') });

export const MatchResultsBody = z.object({
  format: ResultsFormat,
  /** The file's text. */
  content: z.string().min(1).max(MAX_RESULTS_FILE_CHARS),
});

export const MatchResultsImported = z.object({
  matchday: MatchdayInfo,
  resultsImport: ResultsImport,
  /** An earlier upload of this matchday was replaced. */
  replaced: z.boolean(),
});

/**
 * The 422 of a file with errors: every line in error (up to 25) and how many there are (absent on
 * a 422 that is not about the file, such as an Idempotency-Key reused for another request).
 */
export const ResultsFileErrors = z
  .looseObject({
    message: z.string(),
    lineErrors: z.array(z.object({ line: z.number(), message: z.string() })).optional(),
    errorCount: z.number().optional(),
  })
  .meta({ id: 'ResultsFileErrors' });

export type AdminMatchdays = z.infer<typeof AdminMatchdays>;
export type MatchResultsBody = z.infer<typeof MatchResultsBody>;
export type MatchResultsImported = z.infer<typeof MatchResultsImported>;
export type ResultsFileErrors = z.infer<typeof ResultsFileErrors>;
