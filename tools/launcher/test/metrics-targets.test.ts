import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeTargets, metricsTargets, writeTargetsFile } from '../src/metrics-targets';

describe("the stack's metrics ports", () => {
  const processes = [
    { process: 'wallet-payments', service: 'wallet-payments' },
    { process: 'cards-market#1', service: 'cards-market' },
    { process: 'cards-market#2', service: 'cards-market' },
    { process: 'gateway', service: 'gateway' },
  ];

  it('gives each process its own port from the base, and a file_sd file Prometheus reads', () => {
    const targets = metricsTargets(9400, processes);
    expect(targets.map((t) => t.port)).toEqual([9400, 9401, 9402, 9403]);
    const dir = mkdtempSync(path.join(tmpdir(), 'targets-'));
    try {
      const file = path.join(dir, 'stack', 'targets.json');
      writeTargetsFile(file, targets);
      expect(JSON.parse(readFileSync(file, 'utf8'))[2]).toEqual({
        targets: ['127.0.0.1:9402'],
        labels: { process: 'cards-market#2', service: 'cards-market' },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(describeTargets(targets, 'x.json')).toContain('gateway          http://127.0.0.1:9403/metrics');
  });

  it('refuses a base that leaves no room', () => {
    expect(() => metricsTargets(65534, processes)).toThrow('METRICS_BASE_PORT 65534');
  });
});
