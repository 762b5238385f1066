import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './paths';

/**
 * The hand-written alerts and dashboard of k8s/monitoring, read for the checks (check/monitoring.ts,
 * test/alert-rules.test.ts) and for `npm run observe`, which loads the same rules.
 */
export const RULES_FILE = 'k8s/monitoring/rules/touchline-alerts.yaml';
export const RULE_TESTS_FILE = 'k8s/monitoring/rules/touchline-alerts.test.yaml';
export const DASHBOARD_FILE = 'k8s/monitoring/dashboards/touchline.json';

export interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface RuleGroup {
  name: string;
  interval?: string;
  rules: Rule[];
}

/** The PrometheusRule's groups: what a plain rules file (promtool, `rule_files`) holds. */
export function ruleGroups(file = RULES_FILE): RuleGroup[] {
  const rule = parse(readFileSync(path.resolve(ROOT, file), 'utf8')) as {
    kind?: string;
    spec?: { groups?: RuleGroup[] };
  };
  if (rule.kind !== 'PrometheusRule' || !Array.isArray(rule.spec?.groups))
    throw new Error(`${file}: expected a PrometheusRule with spec.groups`);
  return rule.spec.groups;
}

export function alertRules(file = RULES_FILE): Rule[] {
  return ruleGroups(file).flatMap((g) => g.rules);
}

interface Panel {
  title?: string;
  targets?: { expr?: string }[];
  panels?: Panel[];
}

/** Every PromQL expression of the dashboard, with the panel it is in (collapsed rows nest panels). */
export function dashboardExprs(file = DASHBOARD_FILE): { panel: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(path.resolve(ROOT, file), 'utf8')) as { panels?: Panel[] };
  const walk = (panels: Panel[] = []): { panel: string; expr: string }[] =>
    panels.flatMap((p) => [
      ...(p.targets ?? []).flatMap((t) => (t.expr ? [{ panel: p.title ?? '?', expr: t.expr }] : [])),
      ...walk(p.panels),
    ]);
  return walk(dashboard.panels);
}
