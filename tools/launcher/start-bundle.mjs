// The bundle `npm start` runs (see start.mjs): when it is stale, and how it is built.
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

/**
 * npm packages left out of the bundle and loaded from node_modules: PGlite finds its WebAssembly
 * and data files next to its code in ways a bundle cannot follow, and it is one module anyway.
 */
const EXTERNAL_PACKAGES = new Set(['@electric-sql/pglite']);

/**
 * Packages are bundled unless OpenTelemetry is on: its instrumentations hook `require` of express,
 * grpc, pg and the others, which only sees modules loaded from node_modules.
 */
export function bundlePackages(env = process.env) {
  return !env.OTEL_EXPORTER_OTLP_ENDPOINT;
}

function statLine(file) {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${file}\0${size}\0${mtimeMs}\n`;
  } catch {
    return `${file}\0missing\n`;
  }
}

/**
 * A digest of every source file's path, size and time (any edit, addition or removal changes it),
 * of the installed packages (npm rewrites node_modules/.package-lock.json on every install), and
 * of how packages are bundled.
 */
export function sourcesState(root, packages) {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(statLine(full));
    }
  };
  for (const dir of SOURCES) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  hash.update(statLine(path.join(root, 'node_modules/.package-lock.json')));
  return { root, node: process.version, packages, sources: hash.digest('hex') };
}

export function upToDate(bundle, stampFile, state) {
  try {
    return existsSync(bundle) && readFileSync(stampFile, 'utf8') === JSON.stringify(state);
  } catch {
    return false;
  }
}

/** A file's own path and folder, written into its code where it reads `__dirname` or `__filename`. */
function withOwnPaths(file, source) {
  if (/\b(?:const|let|var|function)\s+__(?:dirname|filename)\b/.test(source)) return source;
  return source
    .replaceAll('__dirname', JSON.stringify(path.dirname(file)))
    .replaceAll('__filename', JSON.stringify(file));
}

/**
 * Each module keeps its own `__dirname` and `__filename` (the code finds the .proto files, PGlite's
 * init script and the repository root from them; grpc-health-check its own .proto), and what must
 * or cannot be bundled stays external: PGlite, every package when `packages` is false, and the
 * optional drivers a package asks for but nobody installed (knex's other databases).
 */
function resolvePlugin(packages) {
  return {
    name: 'touchline-start',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@touchline/')) return undefined;
        const name = args.path
          .split('/')
          .slice(0, args.path.startsWith('@') ? 2 : 1)
          .join('/');
        if (!packages || args.path.startsWith('node:') || EXTERNAL_PACKAGES.has(name))
          return { path: args.path, external: true };
        try {
          createRequire(path.join(args.resolveDir, 'index.js')).resolve(args.path);
          return undefined;
        } catch {
          return { path: args.path, external: true };
        }
      });
      b.onLoad({ filter: /\.(ts|js|cjs)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('__dirname') && !source.includes('__filename')) return undefined;
        return { loader: args.path.endsWith('.ts') ? 'ts' : 'js', contents: withOwnPaths(args.path, source) };
      });
    },
  };
}

export async function buildBundle({ entry, bundle, stampFile, state }) {
  const { build } = await import('esbuild');
  const dir = path.dirname(bundle);
  // Built aside and moved into place, so a second `npm start` at the same moment never runs half a file.
  const staging = path.join(dir, `build-${process.pid}`);
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      entryPoints: { start: entry },
      outdir: staging,
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      // CommonJS first: some packages' ESM builds are a second copy of code their CJS users load.
      mainFields: ['main', 'module'],
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [resolvePlugin(state.packages)],
    });
    rmSync(`${bundle}.v8cache`, { force: true });
    renameSync(path.join(staging, 'start.js.map'), `${bundle}.map`);
    renameSync(path.join(staging, 'start.js'), bundle);
    writeFileSync(stampFile, JSON.stringify(state));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
