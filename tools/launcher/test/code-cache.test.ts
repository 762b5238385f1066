import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module (start.mjs runs before any TypeScript can), typed by its use here
import { requireWithCodeCache } from '../code-cache.mjs';

const load = requireWithCodeCache as (
  file: string,
  whenWarm: (exports: unknown) => unknown,
) => Record<string, unknown>;

const dir = mkdtempSync(path.join(tmpdir(), 'touchline-code-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CommonJS file like the start bundle: it requires, imports dynamically, and says when it is warm. */
function writeModule(name: string): string {
  const file = path.join(dir, name);
  writeFileSync(
    file,
    `const path = require('node:path');
     exports.dir = __dirname;
     exports.joined = path.join('a', 'b');
     exports.started = import('node:os').then((os) => typeof os.cpus === 'function');`,
  );
  return file;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('requireWithCodeCache', () => {
  it('runs the file as CommonJS and keeps its code cache once it is warm', async () => {
    const file = writeModule('bundle.js');
    const exports = load(file, (e) => (e as { started: Promise<boolean> }).started);
    expect(exports.dir).toBe(dir);
    expect(exports.joined).toBe(path.join('a', 'b'));
    expect(await exports.started).toBe(true);
    await settle();
    expect(statSync(`${file}.v8cache`).size).toBeGreaterThan(0);
  });

  it('reuses a cache V8 accepts, and replaces one it refuses', async () => {
    const file = writeModule('again.js');
    load(file, (e) => (e as { started: Promise<boolean> }).started);
    await settle();
    const kept = statSync(`${file}.v8cache`).mtimeMs;

    const again = load(file, (e) => (e as { started: Promise<boolean> }).started);
    expect(await again.started).toBe(true);
    await settle();
    expect(statSync(`${file}.v8cache`).mtimeMs).toBe(kept);

    // Another file (V8 keeps what this process compiled already, whatever cache is offered for it).
    const other = writeModule('refused.js');
    writeFileSync(`${other}.v8cache`, 'not a code cache');
    const refused = load(other, (e) => (e as { started: Promise<boolean> }).started);
    expect(await refused.started).toBe(true);
    await settle();
    expect(readFileSync(`${other}.v8cache`).toString()).not.toBe('not a code cache');
  });
});
