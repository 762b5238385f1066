import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { ROOT, spawnApp } from '@touchline/launcher/spawn';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { longTasks, mainThreadEvents, mainThreadSelfTime } from './trace-summary';
import { signIn, signUp } from './web-session';

/** Lighthouse's mobile CPU slowdown, so the shares match what it measures. */
const CPU_SLOWDOWN = 4;
const ASSETS = path.join(ROOT, 'web/dist/assets');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a profile frame comes from: a source file of the app or a package, by the build's source maps. */
function sourceLocator() {
  const maps = new Map<string, SourceMapConsumer | undefined>();
  return ({ callFrame }: ProfileNode): { file: string; fn: string } => {
    const asset = callFrame.url.split('/').pop() ?? '';
    if (!maps.has(asset)) {
      const mapFile = path.join(ASSETS, `${asset}.map`);
      maps.set(
        asset,
        asset && existsSync(mapFile)
          ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')))
          : undefined,
      );
    }
    const map = maps.get(asset);
    if (!map) return { file: asset || callFrame.functionName, fn: callFrame.functionName };
    const at = map.originalPositionFor({ line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
    const file = (at.source ?? '?')
      .replace(/.*node_modules\//, 'npm:')
      .replace(/^(?:\.\.\/)*(?:web\/)?src\//, 'web/src/');
    return { file, fn: at.name ?? callFrame.functionName };
  };
}

function top(totals: Map<string, number>, count: number): string {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([what, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${what}`)
    .join('\n');
}

/**
 * `npm run profile:page -- [path]`: builds the web app with source maps, starts the embedded app,
 * and loads the page (default `/`, signed in as a returning player) in Chromium at phone width with
 * Lighthouse's 4x CPU slowdown under the DevTools CPU profiler. Prints the main thread's time by
 * source file (self time) and by the app's own functions (time with what they call). What it is for:
 * finding what a page's long tasks are made of, which Lighthouse's report names only by bundle.
 */
async function main(): Promise<void> {
  const page = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/';
  // `--no-build` profiles the web/dist that is there (built with source maps by an earlier run).
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', '--sourcemap'], {
      cwd: path.join(ROOT, 'web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-page-profile-'));
  const app = await spawnApp({ dataDir, readyTimeoutMs: 300_000 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  try {
    await signUp(app.url);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    if (page !== '/auth') await context.addCookies([{ ...(await signIn(app.url)), url: app.url }]);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(tab, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await cdp.send('Profiler.start');
    await tab.goto(`${app.url}${page}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(2_000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    const trace = await browser.stopTracing();
    // PAGE_PROFILE_TRACE keeps the whole trace, for chrome://tracing or Perfetto.
    if (process.env.PAGE_PROFILE_TRACE) writeFileSync(process.env.PAGE_PROFILE_TRACE, trace);
    const mainThread = mainThreadEvents(trace);
    const byTraceEvent = mainThreadSelfTime(mainThread);

    const locate = sourceLocator();
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const selfByFile = new Map<string, number>();
    const totalByAppFunction = new Map<string, number>();
    const tasks = longTasks(mainThread, 50).map((task) => ({
      ...task,
      byFunction: new Map<string, number>(),
    }));
    let sampledAt = profile.startTime;
    profile.samples.forEach((id, index) => {
      const us = profile.timeDeltas[index] ?? 0;
      sampledAt += us;
      // The sample's stack, innermost frame first, located once for every total below.
      const stack: { file: string; fn: string }[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at))
        stack.push(locate(nodes.get(at)!));
      const [self] = stack;
      selfByFile.set(self!.file, (selfByFile.get(self!.file) ?? 0) + us);
      const counted = new Set<string>();
      for (const frame of stack) {
        const key = `${frame.file} ${frame.fn}`;
        if (!frame.file.startsWith('web/src/') || counted.has(key)) continue;
        counted.add(key);
        totalByAppFunction.set(key, (totalByAppFunction.get(key) ?? 0) + us);
      }
      const task = tasks.find((t) => t.start <= sampledAt && sampledAt < t.end);
      if (!task) return;
      const seen = new Set<string>();
      for (const frame of stack) {
        const key = `${frame.file.replace(/^npm:/, '').split('/').slice(0, 2).join('/')} ${frame.fn}`;
        // React's own work loop frames hold every task; what the task is for is below them.
        if (seen.has(key) || frame.fn === '(root)' || /^(react-dom|scheduler)\//.test(key)) continue;
        seen.add(key);
        task.byFunction.set(key, (task.byFunction.get(key) ?? 0) + us);
      }
    });
    console.log(
      `profile:page ${page} (Chromium 390x844, CPU ${CPU_SLOWDOWN}x slower, until 2 s after network idle)`,
    );
    console.log('main thread by source file (self time; "(program)" is style, layout and paint):');
    console.log(top(selfByFile, 20));
    console.log("the app's functions (with what they call):");
    console.log(top(totalByAppFunction, 25));
    console.log('main thread by trace event (self time, with the profiler running):');
    console.log(top(byTraceEvent, 15));
    console.log(
      'long tasks (50 ms or more), each with the functions it spent most in (with what they call):',
    );
    for (const task of tasks) {
      console.log(
        `  at ${((task.start - tasks[0]!.start) / 1000).toFixed(0)} ms: ${((task.end - task.start) / 1000).toFixed(0)} ms`,
      );
      console.log(top(task.byFunction, 12).replace(/^/gm, '  '));
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
