import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { buildah, imageExists } from './buildah';

/**
 * Registry images cannot be pulled on the machines that run images:check, so the Dockerfile's
 * BASE_IMAGE and BUILD_IMAGE are assembled here from what the machine has, in the spirit of
 * distroless: the runtime base holds the node binary, the shared libraries `ldd` lists for it, CA
 * certificates and a passwd file naming uid 65532 "nonroot" (no shell, no package manager); the
 * build base adds busybox (a static /bin/sh and coreutils) and npm. Both are tagged with the node
 * version, so they are made once per machine and node release.
 */
export interface BaseImages {
  runtime: string;
  build: string;
}

const NODE = realpathSync(process.execPath);
// Bump RECIPE when what goes into the images changes, so machines that have them rebuild them.
const RECIPE = 3;
const TAG = `${process.versions.node}-r${RECIPE}`;

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

function populateRuntime(root: string): void {
  mkdirSync(path.join(root, 'nodejs/bin'), { recursive: true });
  copyFileSync(NODE, path.join(root, 'nodejs/bin/node'));
  chmodSync(path.join(root, 'nodejs/bin/node'), 0o755);
  for (const lib of sharedLibraries(NODE)) copyInto(root, lib);
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

/** Every shared library of glibc and the C++ runtime: native addons of the build (rolldown, esbuild) need more than node does. */
function systemLibraries(): string[] {
  const out = execFileSync('dpkg', ['-L', 'libc6', 'libstdc++6', 'libgcc-s1'], { encoding: 'utf8' });
  return out.split('\n').filter((f) => /\.so(\.[\d.]+)?$/.test(f) && !f.includes('/gconv/'));
}

function populateBuild(root: string): void {
  populateRuntime(root);
  for (const lib of systemLibraries()) copyInto(root, lib);
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  mkdirSync(path.join(root, 'usr/bin'), { recursive: true });
  copyFileSync('/bin/busybox', path.join(root, 'bin/busybox'));
  chmodSync(path.join(root, 'bin/busybox'), 0o755);
  const applets = execFileSync('/bin/busybox', ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const applet of applets.filter((a) => a !== 'busybox'))
    symlinkSync('/bin/busybox', path.join(root, 'bin', applet));
  symlinkSync('/bin/busybox', path.join(root, 'usr/bin/env'));
  const npmRoot = execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim();
  cpSync(path.join(npmRoot, 'npm'), path.join(root, 'nodejs/lib/node_modules/npm'), { recursive: true });
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

export function ensureBaseImages(): BaseImages {
  const images = {
    runtime: `localhost/touchline-base/node-runtime:${TAG}`,
    build: `localhost/touchline-base/node-build:${TAG}`,
  };
  const env = ['--env', 'PATH=/nodejs/bin:/usr/local/bin:/usr/bin:/bin'];
  if (!imageExists(images.runtime)) {
    console.log(`assembling ${images.runtime} from ${NODE}`);
    assemble(images.runtime, populateRuntime, [...env, '--user', '65532:65532', '--entrypoint', '["node"]']);
  }
  if (!imageExists(images.build)) {
    console.log(`assembling ${images.build} (adds busybox and npm)`);
    // npm inside the build trusts what this machine trusts (a TLS-inspecting proxy's CA, if any).
    const ca = ['--env', 'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'];
    assemble(images.build, populateBuild, [...env, ...ca, '--env', 'HOME=/root', '--user', '0:0']);
  }
  return images;
}
