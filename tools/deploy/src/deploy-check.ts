import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  checkComponents,
  checkIngress,
  checkMigrationJobs,
  checkNetworkPolicies,
  checkValuesTopology,
} from './check/chart';
import { checkDockerfile } from './check/dockerfile';
import { checkMetricsScrape } from './check/metrics-scrape';
import { checkMonitoringNames } from './check/monitoring';
import { MUTATIONS } from './check/mutations';
import type { Rendered } from './check/manifests';
import { checkEndpoints, checkPlatform } from './check/platform';
import { helmTemplate, kustomize } from './check/render';
import { Report } from './check/report';
import { validateObjects } from './check/schemas';
import { checkSkaffold, profileValues, readSkaffold } from './check/skaffold';
import { checkValuesSchema, loadValues } from './check/values';
import { ROOT } from './paths';

/**
 * `npm run deploy:check`: everything about k8s/, helm/touchline, skaffold.yaml and the Dockerfile
 * that can be known without a cluster. Renders k8s/ and its dev overlay with kubectl kustomize and
 * the chart with helm-render (Go text/template and Sprig, as helm) for each skaffold profile's
 * values, validates every object against the schemas of its kind, and checks the manifests
 * against the code: topics, roles, peers, config schemas, probes, hardening.
 */
const CHART = 'helm/touchline';
/** Test payments over a profile without a Stripe Secret (after checking that it refuses without). */
const TEST_PAYMENTS_VALUES = 'tools/deploy/src/check/test-payments.values.yaml';

/** The chart must refuse to render live payments without a Stripe Secret, saying what to set. */
function refusesLivePaymentsWithoutStripe(files: string[]): string[] {
  try {
    helmTemplate(CHART, files);
  } catch (error) {
    const said = `${(error as { stderr?: unknown }).stderr ?? ''}${(error as Error).message}`;
    return said.includes('payments.mode=test') && said.includes('secrets.stripe.existingSecret')
      ? []
      : [`refused without naming secrets.stripe.existingSecret and payments.mode=test: ${said}`];
  }
  return ['rendered live payments without a Stripe Secret'];
}

async function main(): Promise<void> {
  const started = Date.now();
  const report = new Report();

  await report.guard('k8s/ generated files are current (npm run gen:k8s)', () => {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tools/deploy/src/gen-platform.ts'), '--check'],
      { stdio: 'pipe' },
    );
    return [];
  });
  await report.guard('Dockerfile: workspaces, BASE_IMAGE, non-root, exec form', () => checkDockerfile());

  const platforms: Record<string, Rendered> = {};
  await report.guard('dashboard and alert rules read only series the code exports', () =>
    checkMonitoringNames(),
  );
  for (const dir of ['k8s', 'k8s/overlays/dev', 'k8s/monitoring']) {
    await report.guard(`kubectl kustomize ${dir} renders`, () => {
      platforms[dir] = kustomize(dir);
      return platforms[dir].objects.length ? [] : ['rendered nothing'];
    });
  }

  const skaffold = readSkaffold();
  const profiles = profileValues(skaffold);
  const charts: Record<string, Rendered> = {};
  for (const [profile, profileFiles] of Object.entries(profiles)) {
    let files = profileFiles;
    let values = loadValues(CHART, files);
    const paymentsOf = values as {
      payments?: { mode?: string };
      secrets?: { stripe?: { existingSecret?: string } };
    };
    if (paymentsOf.payments?.mode !== 'test' && !paymentsOf.secrets?.stripe?.existingSecret) {
      await report.guard(`chart (${profile}) refuses live payments without a Stripe Secret`, () =>
        refusesLivePaymentsWithoutStripe(files.filter((f) => path.basename(f) !== 'values.yaml')),
      );
      files = [...files, TEST_PAYMENTS_VALUES];
      values = loadValues(CHART, files);
    }
    await report.guard(`values (${profile}: ${files.join(', ')}) satisfy values.schema.json`, () =>
      checkValuesSchema(CHART, values),
    );
    await report.guard(`values (${profile}): peers, schemas and gRPC names match the code`, () =>
      checkValuesTopology(values),
    );
    await report.guard(`chart (${profile}) renders`, () => {
      charts[profile] = helmTemplate(
        CHART,
        files.filter((f) => path.basename(f) !== 'values.yaml'),
      );
      return [];
    });
    const chart = charts[profile];
    if (!chart) continue;
    const hpa = profile !== 'dev';
    await report.guard(`chart (${profile}): the gateway's PUBLIC_URL is where it is served`, () =>
      checkIngress(chart),
    );
    await report.guard(
      `chart (${profile}): every process has its Deployment, probes, resources, securityContext, Service, env`,
      () => checkComponents(chart, { expectHpa: hpa, expectPdb: hpa }),
    );
    await report.guard(
      `chart (${profile}): NetworkPolicies admit exactly the declared callers and reach exactly the peers`,
      () => checkNetworkPolicies(chart),
    );
    await report.guard(
      `chart (${profile}): Prometheus scrapes every process (metrics port, METRICS_PORT, PodMonitor, NetworkPolicy)`,
      () => checkMetricsScrape(chart, values.metrics),
    );
    await report.guard(`chart (${profile}): a pre-install/pre-upgrade migration Job per service`, () =>
      checkMigrationJobs(chart),
    );
    const platform = platforms[profile === 'dev' ? 'k8s/overlays/dev' : 'k8s'];
    if (platform)
      await report.guard(`chart (${profile}) points at the platform's Services`, () =>
        checkEndpoints(platform, values),
      );
  }

  for (const [dir, platform] of Object.entries(platforms)) {
    await report.guard(
      `${dir}: every object valid against its schema (Kubernetes via kubernetes-models, Strimzi, CloudNativePG and Prometheus Operator CRDs)`,
      () => validateObjects(platform),
    );
    if (dir === 'k8s/monitoring') continue;
    await report.guard(
      `${dir}: topics, roles, secrets and network policies match the code and the chart`,
      () => checkPlatform(platform, Object.values(charts)),
    );
  }
  for (const [profile, chart] of Object.entries(charts))
    await report.guard(`chart (${profile}): every object valid against the Kubernetes schemas`, () =>
      validateObjects(chart),
    );

  await report.guard('skaffold.yaml: modules, artifact, profiles, paths', () =>
    checkSkaffold(
      skaffold,
      charts.dev ?? { source: 'none', objects: [] },
      loadValues(CHART, []).image.repository,
    ),
  );

  // Each check must be able to fail: break one thing at a time and expect the check to say so.
  const chart = charts.default;
  const platform = platforms.k8s;
  if (chart && platform) {
    const values = loadValues(CHART, []);
    for (const m of MUTATIONS)
      await report.guard(`mutation caught: ${m.name}`, async () =>
        (await m.run(chart, platform, values)).length ? [] : ['no check reported it'],
      );
  }

  const objects = [...Object.values(platforms), ...Object.values(charts)].reduce(
    (n, r) => n + r.objects.length,
    0,
  );
  console.log(`\nchecked ${objects} rendered objects in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = report.finish();
}

main().catch((error: unknown) => {
  console.error((error as Error).stack ?? String(error));
  process.exitCode = 1;
});
