import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One process of the stack as Prometheus scrapes it. */
export interface MetricsTarget {
  /** The supervisor's name: `cards-market`, or `cards-market#2` of several. */
  process: string;
  /** The service (or `gateway`) it runs. */
  service: string;
  port: number;
}

/** Each process its own metrics port, from `base` in the order given (services' replicas, then gateways). */
export function metricsTargets(
  base: number,
  processes: { process: string; service: string }[],
): MetricsTarget[] {
  const last = base + processes.length - 1;
  if (last > 65535)
    throw new Error(`METRICS_BASE_PORT ${base} leaves no room for ${processes.length} processes`);
  return processes.map((p, i) => ({ ...p, port: base + i }));
}

/**
 * Prometheus' file_sd format: a Prometheus started with `file_sd_configs` on this file scrapes every
 * process of the stack (`npm run observe` does), labelled by process and service.
 */
export function writeTargetsFile(file: string, targets: MetricsTarget[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const groups = targets.map((t) => ({
    targets: [`127.0.0.1:${t.port}`],
    labels: { process: t.process, service: t.service },
  }));
  writeFileSync(file, `${JSON.stringify(groups, null, 2)}\n`);
}

/** The lines the stack prints once ready. */
export function describeTargets(targets: MetricsTarget[], file: string): string {
  const width = Math.max(...targets.map((t) => t.process.length));
  return [
    `metrics (Prometheus file_sd: ${file}):`,
    ...targets.map((t) => `  ${t.process.padEnd(width)}  http://127.0.0.1:${t.port}/metrics`),
  ].join('\n');
}
