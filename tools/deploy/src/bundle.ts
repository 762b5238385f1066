import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SERVICE_MODULES } from '@touchline/launcher/services';
import { ROOT, SERVER_DIST } from './paths';

/**
 * `npm run build:server`: the production entry points, compiled to JavaScript with esbuild.
 *
 * One CommonJS file per process (dist/server/<service>.js, gateway.js, migrate.js) holds all of
 * Touchline's own TypeScript (libs/kit, protos/src, the service) and nothing else: every npm package
 * stays external and is loaded from node_modules (production dependencies only, in the image).
 * Why bundle rather than emit with tsc: the workspaces point `main` at their .ts sources and import
 * each other by those paths, which Node cannot load without tsx; a bundle resolves them at build
 * time and changes nothing about how `npm start` and `npm test` run. Why keep packages external:
 * OpenTelemetry instruments express, grpc, pg, ioredis and kafkajs by hooking `require`, which
 * only works on modules loaded from node_modules; PGlite and protobufjs also read files next to
 * their code.
 */
const keepPackagesExternal: Plugin = {
  name: 'packages-external-except-workspaces',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@touchline/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function main(): Promise<void> {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const out = path.join(SERVER_DIST, 'server');
  mkdirSync(out, { recursive: true });
  const entryPoints: Record<string, string> = {
    gateway: path.join(ROOT, 'gateway/src/main.ts'),
    migrate: path.join(ROOT, 'tools/deploy/src/migrate-main.ts'),
  };
  for (const m of SERVICE_MODULES) entryPoints[m.name] = path.join(ROOT, `services/${m.name}/src/main.ts`);

  const result = await build({
    entryPoints,
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [keepPackagesExternal],
  });
  // protos/src resolves touchline/*.proto from `__dirname/..`, which is dist/ in a bundle.
  cpSync(path.join(ROOT, 'protos/touchline'), path.join(SERVER_DIST, 'touchline'), { recursive: true });
  writeFileSync(path.join(SERVER_DIST, 'meta.json'), JSON.stringify(result.metafile));
  for (const [file, info] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js'))
      console.log(`${path.relative(ROOT, file)}  ${(info.bytes / 1024).toFixed(0)} kB`);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
