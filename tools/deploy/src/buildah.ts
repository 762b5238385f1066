import { execFileSync, spawnSync } from 'node:child_process';

/** Runs buildah and returns its trimmed stdout; a failure throws with buildah's own message. */
export function buildah(args: string[], options: { inherit?: boolean } = {}): string {
  const out = execFileSync('buildah', args, {
    encoding: 'utf8',
    stdio: ['ignore', options.inherit ? 'inherit' : 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return (out ?? '').trim();
}

export function buildahAvailable(): boolean {
  return spawnSync('buildah', ['--version'], { stdio: 'ignore' }).status === 0;
}

export function imageExists(name: string): boolean {
  return spawnSync('buildah', ['inspect', '--type', 'image', name], { stdio: 'ignore' }).status === 0;
}

/** Size of an image as buildah reports it (sum of its uncompressed layers). */
export function imageSize(name: string): string {
  return buildah(['images', '--format', '{{.Size}}', name]).split('\n')[0] ?? '?';
}
