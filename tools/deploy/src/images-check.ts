import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBaseImages } from './base-images';
import { buildah, buildahAvailable, imageSize } from './buildah';
import { grpcHealth, httpStatus, waitFor } from './health-probes';
import { ROOT } from './paths';

/**
 * `npm run images:check`: builds the Dockerfile with buildah on locally assembled base images, runs
 * identity (and its migration) and the gateway from the image against the local Postgres, as uid
 * 65532 with /tmp as the only writable place, and checks gRPC health, /healthz, /readyz and that the
 * gateway serves the web app. It also checks that nothing was written outside /tmp, which is what
 * readOnlyRootFilesystem will enforce in the cluster. Prints the Node version the image runs (the
 * Dockerfile's, fetched from npm's registry by base-images.ts), image sizes and timings.
 */
const IMAGE = 'localhost/touchline:check';
const PG = process.env.IMAGES_CHECK_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB = process.env.IMAGES_CHECK_DB ?? 'touchline_h_k8s';
const ROLE = `${DB}_identity`;

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const failures: string[] = [];
function expect(what: string, got: string, want: string): void {
  const ok = got === want;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${got}`);
  if (!ok) failures.push(`${what}: got ${got}, want ${want}`);
}

function psql(sql: string, db = 'postgres'): void {
  execFileSync('psql', [`${PG}/${db}`, '-v', 'ON_ERROR_STOP=1', '-qAt', '-c', sql], {
    stdio: 'inherit',
    env: { ...process.env, PGOPTIONS: '--client-min-messages=warning' },
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  container: string;
  child: ChildProcess;
  tmp: string;
}

/** `buildah run` of one process from the image: uid 65532, host network, a fresh host dir as /tmp. */
function run(name: string, args: string[], env: Record<string, string>): Running {
  // A container of that name left by an interrupted earlier run would block this one.
  spawnSync('buildah', ['rm', `touchline-check-${name}`], { stdio: 'ignore' });
  const container = buildah(['from', '--quiet', '--pull-never', '--name', `touchline-check-${name}`, IMAGE]);
  const tmp = mkdtempSync(path.join(tmpdir(), `touchline-check-${name}-`));
  execFileSync('chown', ['65532:65532', tmp]);
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  const child = spawn(
    'buildah',
    [
      'run',
      '--isolation=chroot',
      '--network=host',
      '--user',
      '65532:65532',
      '--volume',
      `${tmp}:/tmp`,
      ...envArgs,
      container,
      '--',
      'node',
      '--enable-source-maps',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => console.log(`  [${name}] ${line.slice(0, 240)}`));
  return { container, child, tmp };
}

async function stop(r: Running): Promise<void> {
  if (r.child.exitCode === null && r.child.pid) {
    const exited = new Promise((resolve) => r.child.once('exit', resolve));
    process.kill(-r.child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((res) => setTimeout(res, 15_000))]);
    if (r.child.exitCode === null) process.kill(-r.child.pid, 'SIGKILL');
  }
}

/** `node --version` as the image runs it. */
function imageNodeVersion(): string {
  spawnSync('buildah', ['rm', 'touchline-check-version'], { stdio: 'ignore' });
  const container = buildah(['from', '--quiet', '--pull-never', '--name', 'touchline-check-version', IMAGE]);
  try {
    return buildah([
      'run',
      '--isolation=chroot',
      '--user',
      '65532:65532',
      container,
      '--',
      'node',
      '--version',
    ]);
  } finally {
    buildah(['rm', container]);
  }
}

/** Files the process wrote into the container's own layer (its overlay upper dir), /tmp excluded. */
function writtenOutsideTmp(container: string): string[] {
  const merged = buildah(['mount', container]);
  const upper = path.join(path.dirname(merged), 'diff');
  const found: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relPath = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
      else found.push(relPath);
    }
  };
  if (existsSync(upper)) walk(upper, '');
  buildah(['umount', container]);
  // buildah itself creates these as mount points for the run; the process never writes them.
  return found.filter((f) => !/^\/(etc\/(hosts|resolv\.conf|hostname)|run\/\.containerenv|tmp)/.test(f));
}

async function main(): Promise<void> {
  if (!buildahAvailable()) {
    console.error('images:check needs buildah (Debian: apt-get install buildah)');
    process.exit(1);
  }
  const base = ensureBaseImages();
  console.log(`base images ready (${elapsed()})`);

  const buildStart = Date.now();
  buildah(
    [
      'bud',
      '--isolation=chroot',
      '--layers',
      '--force-rm',
      '--pull-never',
      '--build-arg',
      `BASE_IMAGE=${base.runtime}`,
      '--build-arg',
      `BUILD_IMAGE=${base.build}`,
      '-t',
      IMAGE,
      ROOT,
    ],
    { inherit: true },
  );
  console.log(`image built in ${((Date.now() - buildStart) / 1000).toFixed(0)} s`);
  expect('the image runs node', imageNodeVersion(), `v${base.node}`);

  psql(`drop database if exists ${DB} with (force)`);
  psql(`drop role if exists ${ROLE}`);
  psql(`create database ${DB}`);
  // As in the cluster (k8s/postgres): identity's own role, owning only its schema.
  psql(
    `create role ${ROLE} login; create schema identity authorization ${ROLE}; revoke create on schema public from public`,
    DB,
  );
  const databaseUrl = `${PG.replace('postgres@', `${ROLE}@`)}/${DB}`;

  const grpcPort = await freePort();
  const httpPort = await freePort();
  const common = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const runs: Running[] = [];
  try {
    const migrate = run('migrate', ['dist/server/migrate.js', 'identity'], { ...common, LOG_LEVEL: 'info' });
    runs.push(migrate);
    const code = await new Promise<number | null>((resolve) => migrate.child.once('exit', resolve));
    expect('migrate identity (exit code)', String(code), '0');

    const identity = run('identity', ['dist/server/identity.js'], { ...common, GRPC_PORT: String(grpcPort) });
    runs.push(identity);
    const addr = `127.0.0.1:${grpcPort}`;
    expect(
      'identity grpc.health.v1 Check("touchline.identity.Identity")',
      await waitFor(() => grpcHealth(addr, 'touchline.identity.Identity'), 'SERVING', 60),
      'SERVING',
    );

    // The gateway needs every peer address; only identity runs here, so /readyz names the others.
    const peers = [
      'IDENTITY',
      'CARDS_MARKET',
      'TRADING',
      'MISSIONS',
      'MATCHDAY',
      'WALLET_PAYMENTS',
      'ADMIN',
      'LEADERBOARD',
      'NOTIFICATIONS',
    ];
    const gateway = run('gateway', ['dist/server/gateway.js'], {
      ...Object.fromEntries(peers.map((p) => [`${p}_ADDR`, addr])),
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
    });
    runs.push(gateway);
    const url = `http://127.0.0.1:${httpPort}`;
    expect('gateway GET /healthz', await waitFor(() => httpStatus(`${url}/healthz`), '200', 60), '200');
    expect('gateway GET / (the web app from the image)', await httpStatus(`${url}/`), '200');
    const page = await fetch(`${url}/`).then((r) => r.text());
    expect('gateway GET / is the SPA', String(page.includes('<div id="root">')), 'true');
  } finally {
    for (const r of runs.reverse()) await stop(r);
    for (const r of runs) {
      const written = writtenOutsideTmp(r.container);
      expect(`${r.container}: files written outside /tmp`, written.join(', ') || 'none', 'none');
      buildah(['rm', r.container]);
      rmSync(r.tmp, { recursive: true, force: true });
    }
    psql(`drop database if exists ${DB} with (force)`);
    psql(`drop role if exists ${ROLE}`);
  }

  console.log('\nimage sizes (uncompressed):');
  for (const name of [base.runtime, base.build, IMAGE]) console.log(`  ${name}  ${imageSize(name)}`);
  console.log(`images:check took ${elapsed()}`);
  if (failures.length) {
    console.error(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
