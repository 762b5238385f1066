import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { checkMonitoringNames, metricNamesOf } from '../src/check/monitoring';
import { validateObjects } from '../src/check/schemas';
import { alertRules, DASHBOARD_FILE, RULE_TESTS_FILE, ruleGroups, RULES_FILE } from '../src/monitoring-files';
import { observeRules } from '../src/observe/rules';
import { ROOT } from '../src/paths';

const INSTALL =
  'promtool is missing: install it with `sudo apt-get install -y prometheus` (Debian ships promtool with it)';

function promtool(args: string[], cwd: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(INSTALL);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'touchline-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The test file names its rules file by the PrometheusRule's name: promtool reads only the spec. */
const testFile = parse(readFileSync(path.join(ROOT, RULE_TESTS_FILE), 'utf8')) as {
  rule_files: string[];
  tests: { name: string; alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[];
};

/** A folder holding `groups` as the plain rules file the test file names, and a copy of the test file. */
function promtoolDir(name: string, groups: unknown): string {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, testFile.rule_files[0]!), stringify({ groups }));
  copyFileSync(path.join(ROOT, RULE_TESTS_FILE), path.join(dir, path.basename(RULE_TESTS_FILE)));
  return dir;
}

describe('alert rules (k8s/monitoring/rules)', () => {
  const alerts = alertRules();

  it('promtool check rules accepts the PrometheusRule spec', () => {
    expect(testFile.rule_files).toEqual([path.basename(RULES_FILE)]);
    const dir = promtoolDir('committed-check', ruleGroups());
    const run = promtool(['check', 'rules', testFile.rule_files[0]!], dir);
    expect(run.output, run.output).toContain(`SUCCESS: ${alerts.length} rules found`);
    expect(run.status).toBe(0);
  });

  it('every alert fires on its synthetic series and stays quiet on healthy ones (promtool test rules)', () => {
    const run = promtool(
      ['test', 'rules', path.basename(RULE_TESTS_FILE)],
      promtoolDir('committed', ruleGroups()),
    );
    expect(run.output, run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
    const cases = testFile.tests.flatMap((t) => t.alert_rule_test ?? []);
    for (const { alert } of alerts) {
      const mine = cases.filter((c) => c.alertname === alert);
      expect(
        mine.some((c) => (c.exp_alerts ?? []).length > 0),
        `${alert}: no case that fires it`,
      ).toBe(true);
      expect(
        mine.some((c) => (c.exp_alerts ?? []).length === 0),
        `${alert}: no case that keeps it quiet`,
      ).toBe(true);
    }
    const named = new Set(alerts.map((a) => a.alert));
    expect(cases.filter((c) => !named.has(c.alertname)).map((c) => c.alertname)).toEqual([]);
  });

  it('the tests can fail: alerts that never fire, or always fire, fail them', () => {
    for (const [name, expr] of [
      ['never', 'vector(1) == 0'],
      ['always', 'vector(1)'],
    ] as const) {
      const groups = ruleGroups().map((g) => ({ ...g, rules: g.rules.map((r) => ({ ...r, expr })) }));
      const run = promtool(['test', 'rules', path.basename(RULE_TESTS_FILE)], promtoolDir(name, groups));
      expect(run.status, `${name}: ${run.output}`).not.toBe(0);
      for (const { alert } of alerts) expect(run.output).toContain(alert);
    }
  });

  it('the dashboard and the alerts read only series the code exports', async () => {
    expect(await checkMonitoringNames()).toEqual([]);
  });

  it('the series check reads names out of PromQL and reports unknown ones', async () => {
    expect(metricNamesOf('sum by (job) (rate(touchline_nope_total{route="/x"}[5m])) > up')).toEqual([
      'touchline_nope_total',
      'up',
    ]);
    expect(
      metricNamesOf(
        'histogram_quantile(0.9, sum by (le) (rate(a_bucket[$__rate_interval] offset 5m))) > 1e3',
      ),
    ).toEqual(['a_bucket']);
    const rules = path.join(scratch, 'unknown-rule.yaml');
    writeFileSync(
      rules,
      readFileSync(path.join(ROOT, RULES_FILE), 'utf8').replace(
        'touchline_ledger_sum_coins != 0',
        'touchline_ledger_sum_coin != 0',
      ),
    );
    const dashboard = path.join(scratch, 'unknown-dashboard.json');
    writeFileSync(
      dashboard,
      readFileSync(path.join(ROOT, DASHBOARD_FILE), 'utf8').replace(
        'touchline_outbox_backlog)',
        'touchline_outbox_backlog_rows)',
      ),
    );
    const problems = await checkMonitoringNames({ rules, dashboard });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/alert TouchlineLedgerDrift: touchline_ledger_sum_coin is exported/);
    expect(problems.join('\n')).toMatch(/touchline_outbox_backlog_rows is exported by no Touchline process/);
  });

  it("npm run observe loads the same rules, only quicker: every for 2s, the sagas' threshold 20 s", () => {
    const quick = (parse(observeRules()) as { groups: { rules: Record<string, string>[] }[] }).groups;
    const rules = quick.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(alerts.map((a) => a.alert));
    expect(new Set(rules.map((r) => r.for))).toEqual(new Set(['2s']));
    const changed = rules.filter((r, i) => r.expr !== alerts[i]!.expr);
    expect(changed.map((r) => [r.alert, r.expr])).toEqual([
      ['TouchlineSagasStuck', 'max by (service, saga) (touchline_saga_oldest_pending_seconds) > 20'],
    ]);
    const run = promtool(['check', 'rules', testFile.rule_files[0]!], promtoolDir('observe', quick));
    expect(run.status, run.output).toBe(0);
  });

  it('a PrometheusRule is validated against the operator schema', async () => {
    const bad = {
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'PrometheusRule',
      metadata: { name: 'touchline-alerts' },
      spec: { groups: [{ name: 'g', rules: [{ alert: 'A', expr: 1, for: 'soon' }] }] },
    };
    expect((await validateObjects({ source: 'test', objects: [bad] })).join('\n')).toMatch(/PrometheusRule/);
  });
});
