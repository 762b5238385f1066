import { stringify } from 'yaml';
import { ALERT_RULES, type AlertRule } from './alert-rules';

const GROUP = 'touchline';
/** Written by gen:k8s next to each other: the tests name the rules file relative to themselves. */
export const RULES_FILE = 'k8s/monitoring/alert-rules.generated.yaml';
export const RULE_TESTS_FILE = 'k8s/monitoring/alert-rules.test.generated.yaml';
export const PROMETHEUS_RULE_FILE = 'k8s/monitoring/prometheus-rule.generated.yaml';
export const DASHBOARD_FILE = 'k8s/monitoring/dashboard.generated.yaml';

function annotations(rule: AlertRule) {
  return {
    summary: rule.summary,
    runbook: `docs/operations.md, What each alert would mean: ${rule.runbook}`,
  };
}

export interface RulesVariant {
  /** Replaces every `for:`. */
  forOverride?: string;
  /** Each rule's observeExpr where it has one. */
  observe?: boolean;
  interval?: string;
}

/** Prometheus' rule groups; the observe run's variant is shorter (`npm run observe`). */
export function ruleGroups(options: RulesVariant = {}) {
  return [
    {
      name: GROUP,
      ...(options.interval ? { interval: options.interval } : {}),
      rules: ALERT_RULES.map((rule) => ({
        alert: rule.alert,
        expr: (options.observe && rule.observeExpr) || rule.expr,
        for: options.forOverride ?? rule.for,
        labels: { severity: rule.severity },
        annotations: annotations(rule),
      })),
    },
  ];
}

/** The plain rules file promtool checks and Prometheus loads (`rule_files`). */
export function plainRules(options: RulesVariant = {}): string {
  return stringify({ groups: ruleGroups(options) });
}

/** The same groups as the Prometheus Operator's PrometheusRule, for the platform. */
export function prometheusRule(): string {
  return stringify({
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'touchline-alerts', labels: { 'app.kubernetes.io/name': 'touchline' } },
    spec: { groups: ruleGroups() },
  });
}

/** `promtool test rules`: per alert, one case where its series fire it and one where they do not. */
export function ruleTests(rulesFileName: string): string {
  const tests = ALERT_RULES.flatMap((rule) => [
    {
      name: `${rule.alert} fires`,
      interval: '1m',
      input_series: rule.test.firing,
      alert_rule_test: [
        {
          eval_time: rule.test.evalTime,
          alertname: rule.alert,
          exp_alerts: [
            {
              exp_labels: { ...rule.test.labels, severity: rule.severity },
              exp_annotations: annotations(rule),
            },
          ],
        },
      ],
    },
    {
      name: `${rule.alert} stays quiet on healthy series`,
      interval: '1m',
      input_series: rule.test.healthy,
      alert_rule_test: [{ eval_time: rule.test.evalTime, alertname: rule.alert, exp_alerts: [] }],
    },
  ]);
  return stringify({ rule_files: [rulesFileName], evaluation_interval: '1m', tests });
}
