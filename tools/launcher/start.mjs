// `npm start`: Touchline's server code (the launcher, the eight services, the gateway and the
// workspace libraries) compiled into one file with esbuild, then run in this process.
//
// Why not `node --import tsx`: tsx transforms and resolves several hundred TypeScript modules on
// every start, which took about a third of a start and 40 MB of memory. The bundle is rebuilt only
// when a source file changed (about 0.4 s); npm packages stay external, loaded from node_modules
// as before. `npm run dev` still runs the sources under tsx and restarts on change.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(ROOT, 'tools/launcher/src/start.ts');
const CACHE = path.join(ROOT, 'node_modules/.cache/touchline-start');
const BUNDLE = path.join(CACHE, 'start.js');
const STAMP = path.join(CACHE, 'stamp.json');
/** Everything the bundle is made of (tests and builds inside them only cost a needless rebuild). */
const SOURCES = [
  'libs',
  'services',
  'gateway/src',
  'protos/src',
  'protos/gen',
  'protos/touchline',
  'tools/launcher/src',
];

/** A digest of every source file's path, size and modification time: any edit, addition or removal changes it. */
function sourcesState() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const { size, mtimeMs } = statSync(full);
        hash.update(`${full}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCES) if (existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  return { root: ROOT, node: process.version, sources: hash.digest('hex') };
}

function upToDate(state) {
  try {
    return existsSync(BUNDLE) && readFileSync(STAMP, 'utf8') === JSON.stringify(state);
  } catch {
    return false;
  }
}

/**
 * Each module keeps its own `__dirname` and `__filename` (the code finds the .proto files, PGlite's
 * init script and the repository root from them), and every npm package stays external.
 */
const keepModulePathsAndPackages = {
  name: 'touchline-start',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@touchline/') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname') && !source.includes('__filename')) return undefined;
      return {
        loader: 'ts',
        contents: source
          .replaceAll('__dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('__filename', JSON.stringify(args.path)),
      };
    });
  },
};

async function buildBundle(state) {
  const { build } = await import('esbuild');
  // Built aside and moved into place, so a second `npm start` at the same moment never runs half a file.
  const staging = path.join(CACHE, `build-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      entryPoints: { start: ENTRY },
      outdir: staging,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [keepModulePathsAndPackages],
    });
    renameSync(path.join(staging, 'start.js.map'), `${BUNDLE}.map`);
    renameSync(path.join(staging, 'start.js'), BUNDLE);
    writeFileSync(STAMP, JSON.stringify(state));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

// A fresh clone has no generated proto types yet (postinstall makes them; this covers a skipped install script).
if (!existsSync(path.join(ROOT, 'protos/gen/identity.ts')))
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'gen'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
const state = sourcesState();
if (!upToDate(state)) await buildBundle(state);
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
createRequire(import.meta.url)(BUNDLE);
