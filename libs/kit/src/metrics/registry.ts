import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: every service of an embedded process and the gateway share it (their
 * series differ by the `service` label), so one /metrics serves the whole process.
 */
export const metricsRegistry = new Registry();

let processMetrics = false;

/** CPU, memory, event loop lag and GC of this process (once, when it starts serving /metrics). */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
