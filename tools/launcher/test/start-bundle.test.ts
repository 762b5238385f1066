import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../src/spawn';

const CACHE = path.join(ROOT, 'node_modules/.cache/touchline-start');
const SOURCE = path.join(ROOT, 'tools/launcher/src/start.ts');

/** `npm start` with a PORT its config refuses: it builds (or reuses) the bundle, runs it, and exits at once. */
function startWithBadPort() {
  return spawnSync(process.execPath, ['tools/launcher/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'not-a-port' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const bundleTime = () => statSync(path.join(CACHE, 'start.js')).mtimeMs;
const stamp = () => JSON.parse(readFileSync(path.join(CACHE, 'stamp.json'), 'utf8')) as { sources: string };

describe('npm start (tools/launcher/start.mjs)', () => {
  it('runs the bundled sources, and rebuilds the bundle when a source changed and only then', () => {
    const first = startWithBadPort();
    expect(first.status).toBe(1);
    // The message comes from start.ts's config, so the bundle ran.
    expect(first.stderr).toContain('PORT');
    // npm packages are compiled in (no resolving and compiling hundreds of files at each start), PGlite is not.
    const bundle = readFileSync(path.join(CACHE, 'start.js'), 'utf8');
    expect(bundle).not.toContain('require("express")');
    expect(bundle).toContain('require("@electric-sql/pglite")');

    // An older time than before, as `git checkout` of an old file can give: still a change.
    const { sources } = stamp();
    const touched = new Date(statSync(SOURCE).mtimeMs - 60_000);
    utimesSync(SOURCE, touched, touched);
    const before = bundleTime();
    expect(startWithBadPort().status).toBe(1);
    expect(stamp().sources).not.toBe(sources);
    const rebuilt = bundleTime();
    expect(rebuilt).toBeGreaterThan(before);

    expect(startWithBadPort().status).toBe(1);
    expect(bundleTime()).toBe(rebuilt);
  }, 300_000);
});
