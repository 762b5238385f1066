import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { buildah, imageExists } from './buildah';
import { ROOT } from './paths';

/**
 * Registry images cannot be pulled on the machines that run images:check, so the Dockerfile's
 * BASE_IMAGE and BUILD_IMAGE are assembled here from what the machine has, in the spirit of
 * distroless: the runtime base holds the node binary, the shared libraries `ldd` lists for it, CA
 * certificates and a passwd file naming uid 65532 "nonroot" (no shell, no package manager); the
 * build base adds busybox (a static /bin/sh and coreutils) and npm. The node binary is the release
 * the Dockerfile's BUILD_IMAGE names, from npm's registry (the `node` package's platform package),
 * not this machine's node, so the image runs the Node the Dockerfile ships. Both images are tagged
 * with that version, so they are made once per machine and node release.
 */
export interface BaseImages {
  runtime: string;
  build: string;
}

// Bump RECIPE when what goes into the images changes, so machines that have them rebuild them.
const RECIPE = 4;

/** The Node release of the Dockerfile's default BUILD_IMAGE (`node:24.21.0-bookworm-slim`). */
export function dockerfileNodeVersion(
  dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'),
): string {
  const version = /^ARG BUILD_IMAGE=\S*\/node:(\d+\.\d+\.\d+)-/m.exec(dockerfile)?.[1];
  if (!version)
    throw new Error('the Dockerfile has no ARG BUILD_IMAGE=…/node:<x.y.z>-… to take the Node release from');
  return version;
}

/** That release's linux binary, unpacked once into a cache dir from npm's `node-linux-<arch>` package. */
function nodeBinary(version: string): string {
  const dir = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'),
    'touchline-node',
    version,
  );
  const binary = path.join(dir, 'package/bin/node');
  if (existsSync(binary)) return binary;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const spec = `node-${process.platform}-${process.arch}@${version}`;
  console.log(`fetching ${spec} from the npm registry`);
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { encoding: 'utf8' }),
  ) as { filename: string }[];
  execFileSync('tar', ['-xzf', path.join(dir, packed!.filename), '-C', dir, 'package/bin/node']);
  rmSync(path.join(dir, packed!.filename));
  const reported = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${spec} reports ${reported}`);
  return binary;
}

function sharedLibraries(binary: string): string[] {
  const out = execFileSync('ldd', [binary], { encoding: 'utf8' });
  return [...out.matchAll(/(\/\S+\.so[.\d]*)/g)]
    .map((m) => m[1]!)
    .filter((v, i, all) => all.indexOf(v) === i);
}

function copyInto(root: string, file: string): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(realpathSync(file), target);
  chmodSync(target, 0o755);
}

function populateRuntime(root: string, node: string): void {
  mkdirSync(path.join(root, 'nodejs/bin'), { recursive: true });
  copyFileSync(node, path.join(root, 'nodejs/bin/node'));
  chmodSync(path.join(root, 'nodejs/bin/node'), 0o755);
  for (const lib of sharedLibraries(node)) copyInto(root, lib);
  // /lib64 and /lib are symlinks on merged-/usr Debian; the loader is looked up by its absolute path.
  mkdirSync(path.join(root, 'etc/ssl/certs'), { recursive: true });
  copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(root, 'etc/ssl/certs/ca-certificates.crt'));
  writeFileSync(
    path.join(root, 'etc/passwd'),
    'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n',
  );
  writeFileSync(path.join(root, 'etc/group'), 'root:x:0:\nnonroot:x:65532:\n');
  writeFileSync(path.join(root, 'etc/nsswitch.conf'), 'hosts: files dns\n');
  for (const dir of ['tmp', 'home/nonroot']) mkdirSync(path.join(root, dir), { recursive: true });
  chmodSync(path.join(root, 'tmp'), 0o1777);
}

/**
 * The npm running this command (npm names its own CLI in npm_execpath), else the global one. A Node
 * installed from the npm registry (as .ci/run does) ships no npm of its own beside it.
 */
function npmPackageDir(): string {
  const cli = process.env.npm_execpath;
  if (cli && path.basename(cli) === 'npm-cli.js') return path.resolve(path.dirname(cli), '..');
  return path.join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
}

/** Every shared library of glibc and the C++ runtime: native addons of the build (rolldown, esbuild) need more than node does. */
function systemLibraries(): string[] {
  const out = execFileSync('dpkg', ['-L', 'libc6', 'libstdc++6', 'libgcc-s1'], { encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.so(\.[\d.]+)?$/.test(f) && !f.includes('/gconv/'));
}

function populateBuild(root: string, node: string): void {
  populateRuntime(root, node);
  for (const lib of systemLibraries()) copyInto(root, lib);
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  mkdirSync(path.join(root, 'usr/bin'), { recursive: true });
  copyFileSync('/bin/busybox', path.join(root, 'bin/busybox'));
  chmodSync(path.join(root, 'bin/busybox'), 0o755);
  const applets = execFileSync('/bin/busybox', ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const applet of applets.filter((a) => a !== 'busybox'))
    symlinkSync('/bin/busybox', path.join(root, 'bin', applet));
  symlinkSync('/bin/busybox', path.join(root, 'usr/bin/env'));
  cpSync(npmPackageDir(), path.join(root, 'nodejs/lib/node_modules/npm'), { recursive: true });
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(root, 'nodejs/bin/npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(root, 'nodejs/bin/npx'));
}

function assemble(name: string, populate: (root: string) => void, config: string[]): void {
  const container = buildah(['from', 'scratch']);
  try {
    const root = buildah(['mount', container]);
    populate(root);
    buildah(['umount', container]);
    buildah(['config', ...config, container]);
    buildah(['commit', '--quiet', container, name]);
  } finally {
    buildah(['rm', container]);
  }
}

export function ensureBaseImages(): BaseImages & { node: string } {
  const node = dockerfileNodeVersion();
  const tag = `${node}-r${RECIPE}`;
  const images = {
    runtime: `localhost/touchline-base/node-runtime:${tag}`,
    build: `localhost/touchline-base/node-build:${tag}`,
  };
  const env = ['--env', 'PATH=/nodejs/bin:/usr/local/bin:/usr/bin:/bin'];
  if (!imageExists(images.runtime)) {
    const binary = nodeBinary(node);
    console.log(`assembling ${images.runtime} from ${binary}`);
    assemble(images.runtime, (root) => populateRuntime(root, binary), [
      ...env,
      '--user',
      '65532:65532',
      '--entrypoint',
      '["node"]',
    ]);
  }
  if (!imageExists(images.build)) {
    console.log(`assembling ${images.build} (adds busybox and npm)`);
    // npm inside the build trusts what this machine trusts (a TLS-inspecting proxy's CA, if any).
    const ca = ['--env', 'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'];
    assemble(images.build, (root) => populateBuild(root, nodeBinary(node)), [
      ...env,
      ...ca,
      '--env',
      'HOME=/root',
      '--user',
      '0:0',
    ]);
  }
  return { ...images, node };
}
