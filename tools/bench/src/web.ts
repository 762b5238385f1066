import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { ROOT, spawnApp } from '@touchline/launcher/spawn';
import { printCardArtLoad } from './card-art-load';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { kb, measureFirstLoad, type LoadedBytes } from './first-load';
import { runLighthouseWithRetries as runLighthouse, type LighthouseRun } from './lighthouse';
import { signIn, signUp, type Cookie } from './web-session';

/** Lighthouse runs per page; the median score is reported (one run moves by a few points). */
const RUNS = Number.parseInt(process.env.BENCH_WEB_RUNS ?? '3', 10);
const PHONE = { width: 390, height: 844 };
const TARGETS = { authJsGzip: 120 * 1024, homeJsGzip: 170 * 1024, lighthouse: 95 };

async function firstLoad(browser: Browser, url: string, cookie?: Cookie): Promise<LoadedBytes> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    return await measureFirstLoad(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

function median(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function medianOf(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

const verdict = (ok: boolean) => (ok ? 'within target' : 'OVER TARGET');

function printBytes(label: string, bytes: LoadedBytes, jsTarget: number): void {
  console.log(`  ${label}: first load`);
  console.log(
    `    JS  as served ${kb(bytes.js.transferred).padStart(9)}  gzip ${kb(bytes.js.gzip).padStart(9)}  decoded ${kb(bytes.js.decoded).padStart(9)}  ${bytes.js.files.length} files  (${verdict(bytes.js.gzip <= jsTarget)}: gzip <= ${kb(jsTarget)})`,
  );
  console.log(
    `    CSS as served ${kb(bytes.css.transferred).padStart(9)}  gzip ${kb(bytes.css.gzip).padStart(9)}  decoded ${kb(bytes.css.decoded).padStart(9)}  ${bytes.css.files.length} files`,
  );
  console.log(`    files: ${[...bytes.js.files, ...bytes.css.files].join(' ')}`);
}

function printLighthouse(label: string, runs: LighthouseRun[]): void {
  const m = median(runs);
  console.log(
    `  ${label}: Lighthouse mobile performance ${m.score} (median of ${runs.map((r) => r.score).join(', ')}; ${verdict(m.score >= TARGETS.lighthouse)}: >= ${TARGETS.lighthouse})`,
  );
  console.log(
    `    FCP ${(m.fcpMs / 1000).toFixed(2)} s  LCP ${(m.lcpMs / 1000).toFixed(2)} s  TBT ${m.tbtMs.toFixed(0)} ms  CLS ${m.cls.toFixed(3)}  Speed Index ${(m.speedIndexMs / 1000).toFixed(2)} s`,
  );
  if (m.lcpElement) console.log(`    LCP element: ${m.lcpElement}`);
  // Lighthouse's TBT multiplies each task's wall time: on a busy machine it counts the load too.
  console.log(
    `    by thread time: longest task ${m.longestTaskCpuMs.toFixed(0)} ms (wall ${m.longestTaskWallMs.toFixed(0)} ms), main thread ran ${(m.cpuShare * 100).toFixed(0)}% of its tasks' time, TBT at 4x from thread time ${m.cpuTbtMs.toFixed(0)} ms (median ${medianOf(runs.map((r) => r.cpuTbtMs)).toFixed(0)} ms)`,
  );
}

/**
 * `npm run bench:web`: builds the web app, starts the embedded app on a free port, and for /auth
 * (signed out) and / (signed in, a returning player) prints the JS and CSS of the first load as
 * served (compressed bytes on the wire, measured in Chromium at phone width) and Lighthouse's mobile
 * performance score; then the card art a 30-card collection screen transfers. `--no-build` measures
 * the web/dist that is there.
 */
async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-bench-web-'));
  const app = await spawnApp({ dataDir, readyTimeoutMs: 300_000 });
  let browser: Browser | undefined;
  try {
    await signUp(app.url);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    console.log(
      `bench:web (embedded app, Chromium at ${PHONE.width}x${PHONE.height}; Lighthouse ${RUNS} runs each)`,
    );
    printBytes('/auth (signed out)', await firstLoad(browser, `${app.url}/auth`), TARGETS.authJsGzip);
    printBytes(
      '/ (signed in, returning player)',
      await firstLoad(browser, `${app.url}/`, await signIn(app.url)),
      TARGETS.homeJsGzip,
    );
    await browser.close();
    browser = undefined;

    const authRuns: LighthouseRun[] = [];
    const homeRuns: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      authRuns.push(await runLighthouse(`${app.url}/auth`));
      const session = await signIn(app.url);
      homeRuns.push(await runLighthouse(`${app.url}/`, `${session.name}=${session.value}`));
    }
    printLighthouse('/auth (signed out)', authRuns);
    printLighthouse('/ (signed in, returning player)', homeRuns);

    // Last: it fills the player's collection, which would change what / draws.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    await printCardArtLoad(browser, app.url, await signIn(app.url));
  } finally {
    await browser?.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
