import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Summarises the V8 CPU profiles of a `BENCH_CPU_PROF=<dir> npm run bench:market` run: for each
 * process, its CPU time by package or source area (self time, idle excluded), largest first; with
 * `functions`, by function instead (name, then the file and line it is in).
 * Usage: node --import tsx tools/bench/src/profile-summary.ts <dir> [top] [functions]
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function area(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName || '(anonymous native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  if (url.startsWith('node:'))
    return url
      .replace(/^node:(internal\/)?/, 'node:')
      .split('/')
      .slice(0, 2)
      .join('/');
  const own = /(libs\/[^/]+|services\/[^/]+|gateway|tools\/[^/]+|protos)\/(.*)$/.exec(url);
  return own ? `touchline ${own[1]}/${own[2]}` : url;
}

/** A function: its name, and where it is (the package or area, then the file's name and line). */
function fn(node: ProfileNode): string {
  const { url, functionName, lineNumber } = node.callFrame;
  if (!url) return functionName || '(anonymous native)';
  return `${functionName || '(anonymous)'}  ${area(node)} ${url.split('/').at(-1)}:${lineNumber + 1}`;
}

const [dir, topArg, by] = process.argv.slice(2);
const top = Number(topArg ?? 14);
const keyOf = by === 'functions' ? fn : area;
const overall = new Map<string, number>();
let overallBusy = 0;
for (const file of readdirSync(dir!).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(path.join(dir!, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    busy += ms;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + ms);
    overall.set(key, (overall.get(key) ?? 0) + ms);
  });
  overallBusy += busy;
  console.log(`${file.split('.')[1]}: ${busy.toFixed(0)} ms busy`);
  for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}
console.log(`all processes: ${overallBusy.toFixed(0)} ms busy`);
for (const [key, ms] of [...overall].sort((a, b) => b[1] - a[1]).slice(0, top * 2))
  console.log(
    `  ${((ms / overallBusy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${key}`,
  );
