import { metrics } from '@touchline/kit';
import { alertRules, DASHBOARD_FILE, dashboardExprs, RULES_FILE } from '../monitoring-files';

/** Series other exporters give (Prometheus itself, kube-state-metrics, Strimzi, CloudNativePG). */
const EXTERNAL = [/^up$/, /^kube_/, /^kafka_/, /^cnpg_/];

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (label matchers, label lists and strings left out). */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    // Grafana's variables ($__rate_interval, ${datasource}) are no series.
    .replace(/\$\{?\w+\}?/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = new Set<string>();
  // Not right after a digit or a dot: the unit of `offset 5m`, the exponent of 1e3.
  for (const m of bare.matchAll(/(?<![\w.:])[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice(m.index + m[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(m[0].toLowerCase())) continue;
    names.add(m[0]);
  }
  return [...names];
}

/**
 * What this code's registry exports, as Prometheus names the series: every metric of the catalog
 * (libs/kit/src/metrics/catalog.ts, the gateway's and the services' alike), a histogram's
 * _bucket/_sum/_count and a summary's _sum/_count, and the process metrics prom-client's default
 * collectors add (process_*, nodejs_*), which every process serves (collectProcessMetrics).
 * prom-client names a counter as it is declared: the catalog's counters end in _total themselves.
 */
export async function exportedNames(): Promise<Set<string>> {
  metrics.collectProcessMetrics();
  const names = new Set<string>();
  for (const metric of await metrics.metricsRegistry.getMetricsAsJSON()) {
    names.add(metric.name);
    const type = String(metric.type);
    if (type === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

/**
 * Every series the dashboard and the alerts read exists in the code's registry; the alerts may
 * also read the platform exporters' series, the dashboard only whether each process is up.
 */
export async function checkMonitoringNames(
  files: { rules?: string; dashboard?: string } = {},
): Promise<string[]> {
  const known = await exportedNames();
  const problems: string[] = [];
  const check = (where: string, expr: string, external: RegExp[]) => {
    for (const name of metricNamesOf(expr))
      if (!known.has(name) && !external.some((p) => p.test(name)))
        problems.push(`${where}: ${name} is exported by no Touchline process (${expr})`);
  };
  const dashboard = files.dashboard ?? DASHBOARD_FILE;
  const exprs = dashboardExprs(dashboard);
  if (!exprs.length) problems.push(`${dashboard}: no panel has a PromQL expression`);
  for (const { panel, expr } of exprs) check(`${dashboard}, panel "${panel}"`, expr, [/^up$/]);
  const rules = files.rules ?? RULES_FILE;
  for (const rule of alertRules(rules)) check(`${rules}, alert ${rule.alert}`, rule.expr, EXTERNAL);
  return problems;
}
