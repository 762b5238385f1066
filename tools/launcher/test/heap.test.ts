import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const HEAP = path.join(__dirname, '../heap.mjs');

/**
 * In a child process (the flags are the whole process's): a start's garbage, then the trim once
 * "started" resolves. Prints the used heap before and after, and whether the app's global got `gc`.
 */
const SCRIPT = `
  import v8 from 'node:v8';
  import { keepHeapSmallOnceStarted } from ${JSON.stringify(HEAP)};
  let garbage = Array.from({ length: 200_000 }, (_, i) => ({ i, text: 'row ' + i }));
  garbage = null;
  const before = v8.getHeapStatistics().used_heap_size;
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  const trimmed = keepHeapSmallOnceStarted(started);
  ready();
  await trimmed;
  const after = v8.getHeapStatistics().used_heap_size;
  console.log(JSON.stringify({ before, after, globalGc: typeof globalThis.gc }));
`;

describe('keepHeapSmallOnceStarted', () => {
  it("collects the start's garbage once started, without giving the app a global gc", () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8' });
    const { before, after, globalGc } = JSON.parse(out) as {
      before: number;
      after: number;
      globalGc: string;
    };
    // 200,000 small objects are about 10 MB of heap: most of it is gone after the trim.
    expect(before - after).toBeGreaterThan(5 * 1024 * 1024);
    expect(globalGc).toBe('undefined');
  });

  it('does nothing when the start fails (the process is ending anyway)', async () => {
    const { keepHeapSmallOnceStarted } = (await import(HEAP)) as {
      keepHeapSmallOnceStarted: (started: Promise<unknown>) => Promise<void>;
    };
    await expect(keepHeapSmallOnceStarted(Promise.reject(new Error('no port')))).resolves.toBeUndefined();
  });
});
