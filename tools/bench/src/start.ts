import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnApp } from '@touchline/launcher/src/spawn';

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function measure(dataDir: string, label: string): Promise<{ seconds: number; rss: number }> {
  const started = performance.now();
  const app = await spawnApp({ dataDir });
  const seconds = (performance.now() - started) / 1000;
  // A little real traffic first, so the figure is not the memory of an idle process.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench.${label}.${i}@example.com`, password: 'benchmark-pass' }),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  }
  await fetch(`${app.url}/readyz`);
  const rss = rssMb(app.process.pid!);
  await app.stop();
  return { seconds, rss };
}

/**
 * `npm run bench:start`: time from launching `npm start`'s entry point to "ready", on a fresh data
 * directory (first start: creates the database) and again on the same directory (restart), and
 * the resident memory of the embedded process after 20 sign-ups.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-bench-start-'));
  try {
    const first = await measure(dataDir, 'first');
    const again = await measure(dataDir, 'again');
    console.log('bench:start (embedded mode, one process: 8 services + gateway + PGlite)');
    console.log(
      `  first start (new data dir) : ${first.seconds.toFixed(2)} s to ready, RSS ${first.rss.toFixed(0)} MB`,
    );
    console.log(
      `  restart (existing data)    : ${again.seconds.toFixed(2)} s to ready, RSS ${again.rss.toFixed(0)} MB`,
    );
    console.log('  targets                    : < 10 s to ready, < 600 MB RSS');
    const ok = first.seconds < 10 && again.seconds < 10 && first.rss < 600 && again.rss < 600;
    console.log(`  result                     : ${ok ? 'within targets' : 'OUTSIDE TARGETS'}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
