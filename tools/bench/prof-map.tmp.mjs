import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');
const base = 'http://127.0.0.1:18080';
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'prof@example.com', password: 'prof-pass-123' }) });
const [name, value] = login.headers.get('set-cookie').split(';')[0].split('=');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
await ctx.addCookies([{ name, value, url: base }]);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
await page.goto(base + (process.argv[2] ?? '/'), { waitUntil: 'networkidle' });
await page.waitForTimeout(2000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const maps = new Map();
const consumer = (url) => { const f = url.split('/').pop(); if (!maps.has(f)) { const p = '/work/main/web/dist/assets/' + f + '.map'; maps.set(f, fs.existsSync(p) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(p, 'utf8'))) : null); } return maps.get(f); };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map(); profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const where = (n) => { const cf = n.callFrame; const c = cf.url && consumer(cf.url); if (!c) return { file: cf.url.split('/').pop() || cf.functionName, fn: cf.functionName }; const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); return { file: (o.source ?? '?').replace(/.*node_modules\//, 'nm:').replace(/.*web\/src\//, ''), fn: o.name ?? cf.functionName }; };
const selfFile = {}, inclComp = {};
for (const [id, us] of selfUs) {
  const w = where(byId.get(id)); selfFile[w.file] = (selfFile[w.file] ?? 0) + us;
  // inclusive: attribute to every app-source frame on the stack once
  const seen = new Set(); for (let x = id; x !== undefined; x = parent.get(x)) { const ww = where(byId.get(x)); if (!ww.file.startsWith('nm:') && ww.file.match(/\.tsx?$/)) { const k = ww.file + ' ' + ww.fn; if (!seen.has(k)) { seen.add(k); inclComp[k] = (inclComp[k] ?? 0) + us; } } }
}
const top = (o, n) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)}ms ${k}`).join('\n');
console.log(top(selfFile, 25)); console.log('--- inclusive app frames'); console.log(top(inclComp, 40));
