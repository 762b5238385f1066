import { metrics } from '@touchline/kit';
import { ALERT_RULES } from '../monitoring/alert-rules';
import { dashboardExprs } from '../monitoring/dashboard';

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
]);

/** The metric names a PromQL expression reads (label matchers, label lists and strings left out). */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const names = new Set<string>();
  for (const m of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const after = bare.slice(m.index + m[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(m[0])) continue;
    names.add(m[0]);
  }
  return [...names];
}

/** What this code's registry exports: each metric, a histogram's _bucket/_sum/_count, the process metrics. */
export async function exportedNames(): Promise<Set<string>> {
  metrics.collectProcessMetrics();
  const names = new Set<string>();
  for (const metric of await metrics.metricsRegistry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** Every series the dashboard and the alerts read exists in the code's registry (or an exporter's). */
export async function checkMonitoringNames(): Promise<string[]> {
  const known = await exportedNames();
  const problems: string[] = [];
  const check = (where: string, expr: string, external: RegExp[]) => {
    for (const name of metricNamesOf(expr))
      if (!known.has(name) && !external.some((p) => p.test(name)))
        problems.push(`${where}: ${name} is exported by no Touchline process (${expr})`);
  };
  // The dashboard is on Touchline's own series (and whether each process is up).
  for (const expr of dashboardExprs()) check('dashboard', expr, [/^up$/]);
  for (const rule of ALERT_RULES) check(`alert ${rule.alert}`, rule.expr, EXTERNAL);
  return problems;
}
