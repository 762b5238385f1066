import { stringify } from 'yaml';
import { ruleGroups, RULES_FILE } from '../monitoring-files';

/**
 * Alerts whose threshold in time would outlast the run: the run's value replaces the number the
 * expression ends with (`> 180`), never the series or the labels.
 */
export const OBSERVE_THRESHOLDS: Record<string, number> = { TouchlineSagasStuck: 20 };

/** The rules file the run's Prometheus loads: the cluster's rules, quicker. */
export function observeRules(): string {
  const groups = ruleGroups();
  const seen = new Set<string>();
  for (const group of groups)
    for (const rule of group.rules) {
      rule.for = '2s';
      const threshold = OBSERVE_THRESHOLDS[rule.alert];
      if (threshold === undefined) continue;
      const lowered = rule.expr.replace(/([<>]=?)\s*[\d.]+\s*$/, `$1 ${threshold}`);
      if (lowered === rule.expr)
        throw new Error(`${RULES_FILE}: ${rule.alert} does not end with a threshold to lower`);
      rule.expr = lowered;
      seen.add(rule.alert);
    }
  const missing = Object.keys(OBSERVE_THRESHOLDS).filter((alert) => !seen.has(alert));
  if (missing.length) throw new Error(`${RULES_FILE} has no alert ${missing.join(', ')}`);
  return stringify({ groups });
}
