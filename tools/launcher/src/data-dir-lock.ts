import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** PGlite is one process's database: this file says which process has DATA_DIR open. */
const LOCK_FILE = 'embedded.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that has the embedded data open, if any (a kill -9 leaves a stale file: ignored). */
export function dataDirOwner(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Claims DATA_DIR for this process, or fails naming the process that has it; returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const owner = dataDirOwner(dataDir);
  if (owner !== undefined)
    throw new Error(`${path.resolve(dataDir)} is in use by another Touchline (pid ${owner}): stop it first`);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
