import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkMonitoringNames, metricNamesOf } from '../src/check/monitoring';
import { validateObjects } from '../src/check/schemas';
import { generated } from '../src/gen-platform';
import { ALERT_RULES } from '../src/monitoring/alert-rules';
import { ruleGroups, RULE_TESTS_FILE, RULES_FILE, ruleTests } from '../src/monitoring/rule-files';
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

describe('alert rules', () => {
  it('the committed rules, tests and PrometheusRule are what the source generates', async () => {
    const files = await generated();
    for (const file of [RULES_FILE, RULE_TESTS_FILE])
      expect(readFileSync(path.join(ROOT, file), 'utf8'), `${file}: run npm run gen:k8s`).toBe(files[file]);
  });

  it('promtool check rules accepts them', () => {
    const run = promtool(
      ['check', 'rules', path.basename(RULES_FILE)],
      path.join(ROOT, path.dirname(RULES_FILE)),
    );
    expect(run.output).toContain(`SUCCESS: ${ALERT_RULES.length} rules found`);
    expect(run.status).toBe(0);
  });

  it('every alert fires on its synthetic series and stays quiet on healthy ones (promtool test rules)', () => {
    const run = promtool(
      ['test', 'rules', path.basename(RULE_TESTS_FILE)],
      path.join(ROOT, path.dirname(RULES_FILE)),
    );
    expect(run.output, run.output).toContain('SUCCESS');
    expect(run.status).toBe(0);
    const cases = readFileSync(path.join(ROOT, RULE_TESTS_FILE), 'utf8');
    for (const rule of ALERT_RULES) {
      expect(cases).toContain(`name: ${rule.alert} fires`);
      expect(cases).toContain(`name: ${rule.alert} stays quiet on healthy series`);
    }
  });

  it('the tests can fail: alerts that never fire, or always fire, fail them', () => {
    for (const [name, expr] of [
      ['never', 'vector(1) == 0'],
      ['always', 'vector(1)'],
    ] as const) {
      const groups = ruleGroups().map((g) => ({ ...g, rules: g.rules.map((r) => ({ ...r, expr })) }));
      writeFileSync(path.join(scratch, `${name}.yaml`), stringify({ groups }));
      writeFileSync(path.join(scratch, `${name}.test.yaml`), ruleTests(`${name}.yaml`));
      const run = promtool(['test', 'rules', `${name}.test.yaml`], scratch);
      expect(run.status, `${name}: ${run.output}`).not.toBe(0);
      for (const rule of ALERT_RULES) expect(run.output).toContain(rule.alert);
    }
  });

  it('the dashboard and the alerts read only series the code exports', async () => {
    expect(await checkMonitoringNames()).toEqual([]);
    expect(metricNamesOf('sum by (job) (rate(touchline_nope_total{route="/x"}[5m])) > up')).toEqual([
      'touchline_nope_total',
      'up',
    ]);
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
