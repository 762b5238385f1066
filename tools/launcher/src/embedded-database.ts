import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '@touchline/kit/pglite';
import { lockDataDir } from './data-dir-lock';

export interface EmbeddedDatabase {
  pglite: PGlite;
  /** Closes PGlite and releases DATA_DIR. */
  close(): Promise<void>;
}

/**
 * Claims DATA_DIR and opens its embedded Postgres (creating it on first use). Kept apart from the
 * services' code so `npm start` can begin this first: PGlite's WebAssembly compiles and its files
 * load while the services' modules are still being evaluated.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await openPglite(path.join(dataDir, 'pg'));
    return {
      pglite,
      async close() {
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
