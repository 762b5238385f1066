import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnApp } from '@touchline/launcher/spawn';

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function measure(
  dataDir: string,
  label: string,
  env: Record<string, string>,
): Promise<{ seconds: number; rss: number }> {
  const started = performance.now();
  const app = await spawnApp({ dataDir, env });
  const seconds = (performance.now() - started) / 1000;
  try {
    // A little real traffic first, so the figure is not the memory of an idle process.
    for (let i = 0; i < 20; i++) {
      // A sign-up that timed out (504 on an overloaded machine) is asked again with the same e-mail.
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${app.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `bench.${label}.${i}@example.com`, password: 'benchmark-pass' }),
        });
        if (res.status === 201 || (res.status === 409 && attempt > 1)) break;
        if (res.status !== 504 || attempt === 3)
          throw new Error(`register answered ${res.status}: ${await res.text()}`);
      }
    }
    await fetch(`${app.url}/readyz`);
    return { seconds, rss: rssMb(app.process.pid!) };
  } finally {
    await app.stop();
  }
}

/** Seconds to start and end a bare Node process: the machine's pace in this run, to divide by. */
function nodeStartSeconds(): number {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  return (performance.now() - started) / 1000;
}

/**
 * `npm run bench:start`: time from launching `npm start`'s entry point to "ready", and the resident
 * memory of the embedded process after 20 sign-ups: on a machine that never started Touchline (a
 * new temporary directory: initdb runs), on a new data directory (a copy of the kept initdb
 * template, see kit's db/pglite.ts), and again on that directory (restart). Each time is also given
 * as a multiple of a bare `node -e 0` measured in the same run, since shared machines vary.
 */
async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'touchline-bench-start-'));
  // 60 sign-ups from one address in a few minutes: above the sign-up rate limit, so it is raised.
  const env = { TMPDIR: path.join(root, 'tmp'), RATE_LIMIT_SCALE: '1000' };
  mkdirSync(env.TMPDIR);
  try {
    const node = Math.min(nodeStartSeconds(), nodeStartSeconds(), nodeStartSeconds());
    const cold = await measure(path.join(root, 'cold'), 'cold', env);
    const first = await measure(path.join(root, 'data'), 'first', env);
    const again = await measure(path.join(root, 'data'), 'again', env);
    const line = (label: string, m: { seconds: number; rss: number }) =>
      `  ${label.padEnd(38)}: ${m.seconds.toFixed(2)} s to ready (${(m.seconds / node).toFixed(0)}x node -e 0), RSS ${m.rss.toFixed(0)} MB after 20 sign-ups`;
    console.log('bench:start (embedded mode, one process: 8 services + gateway + PGlite)');
    console.log(`  node -e 0 (this run's pace)           : ${node.toFixed(3)} s`);
    console.log(line('first start on this machine (initdb)', cold));
    console.log(line('first start (new data dir)', first));
    console.log(line('restart (existing data)', again));
    console.log('  targets                               : first start < 4 s, restart < 1 s, RSS < 300 MB');
    const ok = first.seconds < 4 && again.seconds < 1 && Math.max(cold.rss, first.rss, again.rss) < 300;
    console.log(`  result                                : ${ok ? 'within targets' : 'OUTSIDE TARGETS'}`);
  } finally {
    rmSync(root, { recursive: true, force: true, maxRetries: 5 });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
