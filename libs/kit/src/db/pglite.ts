import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const NUMERIC = 1700;

/** Small buffers: the embedded process hosts every service, and PGlite's defaults alone cost ~300 MB. */
const EMBEDDED_PG_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB'];

/**
 * Opens (creating on first use) the embedded Postgres under `dir`. initdb runs in a short-lived
 * child process: it needs several hundred MB that WebAssembly never hands back, and the
 * long-running process should not carry that for its whole life.
 */
export async function openPglite(dir: string): Promise<PGlite> {
  const absolute = path.resolve(dir);
  if (!existsSync(path.join(absolute, 'PG_VERSION'))) {
    mkdirSync(absolute, { recursive: true });
    execFileSync(
      process.execPath,
      [path.join(__dirname, 'pglite-init.mjs'), absolute, EMBEDDED_PG_CONF.join(',')],
      {
        stdio: 'inherit',
      },
    );
  }
  const db = new PGlite(absolute, {
    postgresqlconf: EMBEDDED_PG_CONF,
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  await db.waitReady;
  return db;
}
