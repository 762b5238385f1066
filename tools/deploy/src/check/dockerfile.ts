import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import { IMAGE_ENV, IMAGE_UID } from './chart';

function workspaceManifests(): string[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces
    .flatMap((w) =>
      w.endsWith('/*')
        ? readdirSync(path.join(ROOT, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
        : [w],
    )
    .filter((w) => existsSync(path.join(ROOT, w, 'package.json')))
    .map((w) => `${w}/package.json`)
    .sort();
}

/**
 * The Dockerfile copies every workspace's package.json before `npm ci` (or the lockfile install
 * fails), takes BASE_IMAGE and BUILD_IMAGE as arguments (on one Node release line), runs as the uid the chart expects, starts
 * in exec form (no shell), and sets the ENV the chart's env check assumes.
 */
export function checkDockerfile(): string[] {
  const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const problems: string[] = [];
  const copied = [...text.matchAll(/^COPY (\S+\/package\.json) /gm)].map((m) => m[1]!).sort();
  const wanted = workspaceManifests();
  const missing = wanted.filter((w) => !copied.includes(w));
  const stale = copied.filter((c) => !wanted.includes(c));
  if (missing.length) problems.push(`the manifests stage does not copy ${missing.join(', ')}`);
  if (stale.length) problems.push(`the manifests stage copies ${stale.join(', ')}, which are no workspaces`);
  for (const arg of ['BASE_IMAGE', 'BUILD_IMAGE'])
    if (!new RegExp(`^ARG ${arg}=`, 'm').test(text)) problems.push(`no ARG ${arg}`);
  const buildNode = /^ARG BUILD_IMAGE=\S*\/node:(\d+)\.\d+\.\d+-/m.exec(text)?.[1];
  const baseNode = /^ARG BASE_IMAGE=\S*\/nodejs(\d+)-/m.exec(text)?.[1];
  if (!buildNode || buildNode !== baseNode)
    problems.push(
      `BUILD_IMAGE (node ${buildNode ?? '?'}) and BASE_IMAGE (nodejs${baseNode ?? '?'}) differ in Node`,
    );
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  if (!runtime.startsWith('\nFROM ${BASE_IMAGE}')) problems.push('the last stage is not FROM ${BASE_IMAGE}');
  if (!new RegExp(`^USER ${IMAGE_UID}:${IMAGE_UID}$`, 'm').test(runtime))
    problems.push(`the runtime stage does not run as ${IMAGE_UID}:${IMAGE_UID}`);
  if (!/^ENTRYPOINT \[/m.test(runtime))
    problems.push('ENTRYPOINT is not in exec form (it would need a shell)');
  if (/^RUN /m.test(runtime)) problems.push('the runtime stage runs commands (it must not need a shell)');
  for (const [k, v] of Object.entries(IMAGE_ENV))
    if (!runtime.includes(`${k}=${v}`)) problems.push(`the runtime stage does not set ${k}=${v}`);
  return problems;
}
