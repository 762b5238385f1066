import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { parseManifests, type Rendered } from './manifests';

const RENDERER_SRC = path.join(ROOT, 'tools/deploy/helm-render');
const CACHE = path.join(ROOT, 'node_modules/.cache/touchline-deploy');

export function kustomize(dir: string): Rendered {
  const text = execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return parseManifests(`kubectl kustomize ${dir}`, text);
}

/** Builds tools/deploy/helm-render once per version of its source (Debian: golang-go and the Sprig package). */
function renderer(): string {
  const source = readFileSync(path.join(RENDERER_SRC, 'main.go'));
  const binary = path.join(
    CACHE,
    `helm-render-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`,
  );
  if (existsSync(binary)) return binary;
  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0)
    throw new Error(
      'helm-render needs Go and Sprig: apt-get install golang-go golang-github-masterminds-sprig-dev golang-gopkg-yaml.v3-dev',
    );
  mkdirSync(CACHE, { recursive: true });
  // Debian's Go libraries live in /usr/share/gocode (GOPATH mode, no module download).
  execFileSync('go', ['build', '-o', binary, '.'], {
    cwd: RENDERER_SRC,
    stdio: 'inherit',
    env: {
      ...process.env,
      GO111MODULE: 'off',
      GOPATH: '/usr/share/gocode',
      GOCACHE: path.join(CACHE, 'go-build'),
      GOFLAGS: '',
    },
  });
  return binary;
}

export function helmTemplate(chart: string, valuesFiles: string[]): Rendered {
  const args = [...valuesFiles.flatMap((f) => ['-f', path.join(ROOT, f)]), path.join(ROOT, chart)];
  const text = execFileSync(renderer(), args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const label = valuesFiles.length
    ? `${chart} + ${valuesFiles.map((f) => path.basename(f)).join(' + ')}`
    : chart;
  return parseManifests(label, text);
}
