// One Lighthouse run, printed as JSON on stdout: `node lighthouse-run.mjs <url> [cookie]`.
// Plain JavaScript run by plain node, not through tsx: Lighthouse sends some of its own functions
// into the page as source text, and tsx's transform adds helpers to them (`__name`) that the page
// does not have.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { recordLanternGraphs } from './lantern-graph.mjs';
import { cpuSummary } from './trace-cpu.mjs';

const [url, cookie] = process.argv.slice(2);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = JSON.parse(process.env.CHROMIUM_FLAGS ?? '[]');

const lanternGraphs = recordLanternGraphs();
const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...flags] });
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // BENCH_WEB_REPORT_DIR keeps each run's whole report (its long tasks, script costs, LCP breakdown),
  // its trace (<name>.trace.json: the tasks as observed, before the simulated 4x slowdown) and the
  // simulation's graphs (<name>.lantern.txt: what the simulated FCP, LCP and TBT waited for).
  const reportDir = process.env.BENCH_WEB_REPORT_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}`;
    writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr));
    writeFileSync(path.join(reportDir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    writeFileSync(path.join(reportDir, `${name}.lantern.txt`), lanternGraphs());
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  process.stdout.write(
    JSON.stringify({
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      ...cpuSummary(result.artifacts.Trace.traceEvents),
    }),
  );
} finally {
  chrome.kill();
}
