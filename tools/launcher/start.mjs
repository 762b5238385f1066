// `npm start`: Touchline's server code (the launcher, the eight services, the gateway, the
// workspace libraries and the npm packages they use) compiled into one file with esbuild, then run
// in this process with V8's code cache.
//
// Why not `node --import tsx`: tsx transforms and resolves several hundred TypeScript modules on
// every start, and Node resolves and compiles several hundred more from node_modules; together a
// third of a start and 40 MB of memory. The bundle is rebuilt only when a source file or the
// installed packages changed (about two seconds); `npm run dev` still runs the sources under tsx and
// restarts on change. Stack traces name the TypeScript sources with NODE_OPTIONS=--enable-source-maps.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePackages, buildBundle, sourcesState, upToDate } from './start-bundle.mjs';
import { requireWithCodeCache } from './code-cache.mjs';
import { keepHeapSmallOnceStarted } from './heap.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(ROOT, 'tools/launcher/src/start.ts');
const CACHE = path.join(ROOT, 'node_modules/.cache/touchline-start');
const BUNDLE = path.join(CACHE, 'start.js');
const STAMP = path.join(CACHE, 'stamp.json');

// A fresh clone has no generated protos yet (postinstall makes them; this covers a skipped install
// script, and a clone whose protos/gen predates descriptor.json).
if (!existsSync(path.join(ROOT, 'protos/gen/descriptor.json')))
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'gen'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
const state = sourcesState(ROOT, bundlePackages());
if (!upToDate(BUNDLE, STAMP, state))
  await buildBundle({ entry: ENTRY, bundle: BUNDLE, stampFile: STAMP, state });
// start.ts exports `started`, which settles once Touchline is ready. The heap is trimmed then, after
// the code cache is written (registered first, so it runs first): V8 keys the cache to the flags.
const app = requireWithCodeCache(BUNDLE, (exports) => exports.started);
void keepHeapSmallOnceStarted(app.started);
