import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../paths';
import { at, named, type Rendered } from './manifests';

interface SkaffoldConfig {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string };
  requires?: { configs?: string[] }[];
  build?: { artifacts?: { image: string; context?: string; docker?: { dockerfile?: string } }[] };
  manifests?: { kustomize?: { paths?: string[] } };
  deploy?: Record<string, unknown>;
  profiles?: {
    name: string;
    manifests?: { kustomize?: { paths?: string[] } };
    patches?: { op: string; path: string; value: unknown }[];
    portForward?: { resourceType: string; resourceName: string; port: number; localPort: number }[];
  }[];
}

export const SKAFFOLD_API = 'skaffold/v4beta13';

export function readSkaffold(): SkaffoldConfig[] {
  return parseAllDocuments(readFileSync(path.join(ROOT, 'skaffold.yaml'), 'utf8')).map((d) => {
    if (d.errors.length) throw new Error(`skaffold.yaml: ${d.errors[0]!.message}`);
    return d.toJS() as SkaffoldConfig;
  });
}

/** The values files each profile passes to the chart (deploy.helm.releases[0].valuesFiles and its patches). */
export function profileValues(configs: SkaffoldConfig[]): Record<string, string[]> {
  const app = configs.find((c) => c.metadata?.name === 'app');
  const base = at<string[]>(app?.deploy, 'helm', 'releases', 0, 'valuesFiles') ?? [];
  const out: Record<string, string[]> = { default: base };
  for (const p of app?.profiles ?? []) {
    const patch = p.patches?.find((x) => x.path === '/deploy/helm/releases/0/valuesFiles');
    out[p.name] = (patch?.value as string[] | undefined) ?? base;
  }
  return out;
}

/**
 * skaffold.yaml parses, uses the schema version it names, builds the Dockerfile's image, deploys
 * k8s/ (module "platform") before the chart (module "app", which requires it), has dev and prod
 * profiles, and every path and name it refers to exists; dev forwards the gateway's Service to 8080.
 */
export function checkSkaffold(configs: SkaffoldConfig[], devChart: Rendered, chartImage: string): string[] {
  const problems: string[] = [];
  const exists = (p: string, what: string) => {
    if (!existsSync(path.join(ROOT, p))) problems.push(`${what} ${p} does not exist`);
  };
  for (const c of configs) {
    if (c.apiVersion !== SKAFFOLD_API || c.kind !== 'Config')
      problems.push(
        `${c.metadata?.name}: apiVersion/kind ${c.apiVersion}/${c.kind}, expected ${SKAFFOLD_API}/Config`,
      );
  }
  const platform = configs.find((c) => c.metadata?.name === 'platform');
  const app = configs.find((c) => c.metadata?.name === 'app');
  if (!platform || !app) return [...problems, 'expected two modules, "platform" and "app"'];
  if (!app.requires?.some((r) => r.configs?.includes('platform')))
    problems.push('app does not require platform (k8s/ must be deployed first)');
  if (!platform.deploy?.kubectl) problems.push('platform is not deployed with kubectl');
  for (const p of [
    ...(platform.manifests?.kustomize?.paths ?? []),
    ...(platform.profiles ?? []).flatMap((x) => x.manifests?.kustomize?.paths ?? []),
  ])
    exists(path.join(p, 'kustomization.yaml'), 'kustomization');
  for (const hook of at<{ host?: { command?: string[] } }[]>(platform.deploy, 'kubectl', 'hooks', 'after') ??
    [])
    if (hook.host?.command?.[1]) exists(hook.host.command[1], 'hook script');

  const artifact = app.build?.artifacts?.[0];
  if (!artifact || app.build!.artifacts!.length !== 1)
    problems.push('expected exactly one artifact (one image for every process)');
  else {
    exists(artifact.docker?.dockerfile ?? 'Dockerfile', 'Dockerfile');
    if (artifact.image !== chartImage)
      problems.push(`artifact ${artifact.image} is not the chart's image.repository ${chartImage}`);
  }
  const release = at<{ chartPath: string; setValueTemplates?: Record<string, string> }>(
    app.deploy,
    'helm',
    'releases',
    0,
  );
  if (!release) problems.push('app deploys no helm release');
  else {
    exists(path.join(release.chartPath, 'Chart.yaml'), 'chart');
    const repo = release.setValueTemplates?.['image.repository'] ?? '';
    if (!repo.includes(`IMAGE_REPO_${chartImage}`))
      problems.push('the release does not set image.repository from the built artifact');
  }
  for (const files of Object.values(profileValues(configs))) for (const f of files) exists(f, 'values file');
  for (const name of ['dev', 'prod']) {
    if (!app.profiles?.some((p) => p.name === name)) problems.push(`app has no ${name} profile`);
    if (!platform.profiles?.some((p) => p.name === name)) problems.push(`platform has no ${name} profile`);
  }
  const forward = app.profiles?.find((p) => p.name === 'dev')?.portForward?.[0];
  if (!forward || forward.localPort !== 8080)
    problems.push('dev does not forward the gateway to localhost:8080');
  else {
    const svc = named(devChart, 'Service', forward.resourceName);
    if (!svc || !(at<{ port: number }[]>(svc, 'spec', 'ports') ?? []).some((p) => p.port === forward.port))
      problems.push(`dev forwards ${forward.resourceName}:${forward.port}, which the chart does not serve`);
  }
  return problems;
}
