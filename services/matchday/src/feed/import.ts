import { findImport, importedResults } from '../db/imports';
import type { Db } from '../db/types';
import type { MatchFeed } from './port';

/**
 * The import feed: the results an admin uploaded for the matchday (use-cases/import-results.ts), or
 * none yet, in which case the matchday stays locked until they come.
 */
export function importFeed(db: Db): MatchFeed {
  return {
    kind: 'import',
    async results(matchday) {
      const upload = await findImport(db, matchday.id);
      if (!upload) return undefined;
      return { fixtures: [], players: await importedResults(db, matchday.id), revision: upload.revision };
    },
  };
}
