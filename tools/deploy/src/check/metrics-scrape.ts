import { GATEWAY, topology } from '../topology';
import { containerEnv, type Container } from './chart';
import { at, named, ofKind, type K8sObject, type Rendered } from './manifests';

/** What the chart's values say about scraping (helm/touchline values.yaml `metrics`). */
export interface MetricsValues {
  port: number;
  podMonitor: { enabled: boolean };
  prometheus: { namespaceSelector: object; podSelector: object };
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

/** Kubernetes' label selector semantics (matchLabels and matchExpressions, all must hold). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const labelsMatch = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const expressionsMatch = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const has = key in labels;
    if (operator === 'In') return has && values.includes(labels[key]!);
    if (operator === 'NotIn') return !has || !values.includes(labels[key]!);
    if (operator === 'Exists') return has;
    if (operator === 'DoesNotExist') return !has;
    return false;
  });
  return labelsMatch && expressionsMatch;
}

const RELEASE = 'touchline';
const podLabels = (o: K8sObject) =>
  at<Record<string, string>>(o, 'spec', 'template', 'metadata', 'labels') ?? {};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An ingress rule that opens the metrics port (by name or number). */
const opensMetrics = (rule: unknown, port: number) =>
  (at<{ port: string | number }[]>(rule, 'ports') ?? []).some((p) => p.port === 'metrics' || p.port === port);

/**
 * Prometheus in the cluster scrapes every process: its Deployment has the container port `metrics`
 * at `metrics.port`, its METRICS_PORT is that port (and not its gRPC or HTTP port), its Service
 * carries it, a PodMonitor selects its pods on that port (and no migration Job's), and its
 * NetworkPolicy admits exactly the configured Prometheus selector on that port, and on nothing else.
 */
export function checkMetricsScrape(r: Rendered, metrics: MetricsValues): string[] {
  const problems: string[] = [];
  const monitors = ofKind(r, 'PodMonitor');
  if (metrics.podMonitor.enabled && !monitors.length) problems.push('no PodMonitor');
  const scraping = monitors.filter((m) =>
    (at<{ port?: string }[]>(m, 'spec', 'podMetricsEndpoints') ?? []).some((e) => e.port === 'metrics'),
  );
  for (const job of ofKind(r, 'Job'))
    if (monitors.some((m) => selects(at(m, 'spec', 'selector'), podLabels(job))))
      problems.push(`a PodMonitor selects the pods of Job ${job.metadata.name}, which serve no metrics`);

  for (const component of [GATEWAY, ...topology().map((n) => n.name)]) {
    const name = `${RELEASE}-${component}`;
    const p = (msg: string) => problems.push(`${component}: ${msg}`);
    const d = named(r, 'Deployment', name);
    const c = at<Container>(d, 'spec', 'template', 'spec', 'containers', 0);
    if (!d || !c) continue; // checkComponents reports it
    const port = c.ports?.find((x) => x.name === 'metrics')?.containerPort;
    if (port !== metrics.port) p(`container port "metrics" is ${port}, values say ${metrics.port}`);
    const { env } = containerEnv(r, c);
    if (env.METRICS_PORT !== String(metrics.port))
      p(`METRICS_PORT is ${env.METRICS_PORT}, the metrics port is ${metrics.port}`);
    // Loopback is every process's default (kit's metricsHostSchema): Prometheus would find nothing.
    if (env.METRICS_HOST !== '0.0.0.0')
      p(`METRICS_HOST is ${env.METRICS_HOST}, not the pod network (0.0.0.0)`);
    if ([env.GRPC_PORT, env.PORT].includes(String(metrics.port)))
      p(`METRICS_PORT ${metrics.port} is also its gRPC or HTTP port`);
    const svc = named(r, 'Service', name);
    if (
      svc &&
      !(at<{ name: string; port: number; targetPort: unknown }[]>(svc, 'spec', 'ports') ?? []).some(
        (x) => x.name === 'metrics' && x.port === metrics.port && x.targetPort === 'metrics',
      )
    )
      p('its Service does not carry the metrics port');
    if (metrics.podMonitor.enabled && !scraping.some((m) => selects(at(m, 'spec', 'selector'), podLabels(d))))
      p('no PodMonitor scrapes its pods on the port "metrics"');

    const np = named(r, 'NetworkPolicy', name);
    if (!np) continue;
    const rules = at<unknown[]>(np, 'spec', 'ingress') ?? [];
    const scrapeRules = rules.filter((rule) => opensMetrics(rule, metrics.port));
    const wanted = [
      {
        namespaceSelector: metrics.prometheus.namespaceSelector,
        podSelector: metrics.prometheus.podSelector,
      },
    ];
    if (scrapeRules.length !== 1) p(`${scrapeRules.length} ingress rules open the metrics port, expected 1`);
    for (const rule of scrapeRules) {
      if (!same(at(rule, 'from'), wanted))
        p(
          `the metrics port admits ${JSON.stringify(at(rule, 'from'))}, values say ${JSON.stringify(wanted)}`,
        );
      if ((at<unknown[]>(rule, 'ports') ?? []).length !== 1)
        p('the rule admitting Prometheus opens more than the metrics port');
    }
    const elsewhere = rules.filter(
      (rule) =>
        !scrapeRules.includes(rule) &&
        (at<unknown[]>(rule, 'from') ?? []).some((from) => same(from, wanted[0])),
    );
    if (elsewhere.length) p('Prometheus is admitted on other ports than the metrics port');
  }
  return problems;
}
