import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const INT8 = 20;
const NUMERIC = 1700;

/** Small buffers: the embedded process hosts every service, and PGlite's defaults are sized for a server. */
const EMBEDDED_PG_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB'];

const execFileAsync = promisify(execFile);

/** The installed PGlite's version: a kept initdb result is only valid for the version that made it. */
export function pgliteVersion(): string {
  const entry = require.resolve('@electric-sql/pglite');
  return (
    JSON.parse(readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')) as { version: string }
  ).version;
}

/**
 * Where a pristine initdb result is kept, per PGlite version and settings: a new data directory is
 * a copy of it (a few hundred ms) instead of a new initdb (seconds of WebAssembly). A cache only:
 * when it is missing (a cleaned /tmp) the next new directory runs initdb again and keeps it.
 */
function templateDir(): string {
  const version = pgliteVersion();
  const settings = createHash('sha256').update(EMBEDDED_PG_CONF.join(',')).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `touchline-pglite-${process.getuid?.() ?? 0}-${version}-${settings}`);
}

/** A template is used only if this user made it (the temporary directory is shared). */
function usableTemplate(template: string): boolean {
  return (
    existsSync(path.join(template, 'PG_VERSION')) && statSync(template).uid === (process.getuid?.() ?? 0)
  );
}

/** Moves a finished directory into place; false when another process put one there first. */
function moveInto(staging: string, target: string): boolean {
  try {
    renameSync(staging, target); // replaces an empty directory, fails on a full one
    return true;
  } catch {
    rmSync(staging, { recursive: true, force: true });
    return false;
  }
}

const initializing = new Map<string, Promise<void>>();

/**
 * Creates the embedded database directory if it does not exist yet, without blocking the event
 * loop: `npm start` calls this first, so initdb (in a child process: it needs several hundred MB
 * that WebAssembly never hands back) overlaps with loading the services' code. Each step writes
 * into a staging directory that is renamed into place, so a crash or a second process never
 * leaves a half-made directory behind.
 */
export function preparePgliteDir(dir: string): Promise<void> {
  const absolute = path.resolve(dir);
  let running = initializing.get(absolute);
  if (!running) {
    running = (async () => {
      if (existsSync(path.join(absolute, 'PG_VERSION'))) return;
      const template = templateDir();
      const suffix = `.${process.pid}.${Date.now()}`;
      if (!usableTemplate(template)) {
        rmSync(template, { recursive: true, force: true });
        const staging = `${template}${suffix}`;
        await execFileAsync(process.execPath, [
          path.join(__dirname, 'pglite-init.mjs'),
          staging,
          EMBEDDED_PG_CONF.join(','),
        ]);
        moveInto(staging, template);
      }
      mkdirSync(path.dirname(absolute), { recursive: true });
      const staging = `${absolute}${suffix}`;
      cpSync(template, staging, { recursive: true });
      moveInto(staging, absolute);
    })();
    initializing.set(absolute, running);
    void running.finally(() => initializing.delete(absolute)).catch(() => {});
  }
  return running;
}

/** Opens (creating on first use, see preparePgliteDir) the embedded Postgres under `dir`. */
export async function openPglite(dir: string): Promise<PGlite> {
  const absolute = path.resolve(dir);
  await preparePgliteDir(absolute);
  const db = new PGlite(absolute, {
    postgresqlconf: EMBEDDED_PG_CONF,
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  await db.waitReady;
  return db;
}
