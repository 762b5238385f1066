import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: every service of an embedded process and the gateway share it (their
 * series differ by the `service` label), so one /metrics serves the whole process.
 */
export const metricsRegistry = new Registry();

let processMetrics = false;

/**
 * How often the event loop's delay is sampled (nodejs_eventloop_lag_*): prom-client's 10 ms default
 * is a timer that wakes an idle process 100 times a second, about 6 ms of CPU per second on a 2-core
 * machine; at 100 ms a scrape every 15 s still has 150 samples for its percentiles.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/** CPU, memory, event loop lag and GC of this process (once, when it starts serving /metrics). */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
}

/** Work a scrape waits for before the registry is read: gauges read from tables (gauge-collector.ts). */
const scrapeHooks = new Set<() => Promise<void>>();

/** Runs `hook` before each scrape (it must not reject); returns the function that removes it. */
export function onScrape(hook: () => Promise<void>): () => void {
  scrapeHooks.add(hook);
  return () => scrapeHooks.delete(hook);
}

/** A scrape waits this long at most for its hooks, then answers with the values it has. */
const SCRAPE_HOOKS_TIMEOUT_MS = 2_000;

/** The registry in Prometheus' text format, once the scrape hooks have run (or their time is up). */
export async function scrapeMetrics(): Promise<string> {
  if (scrapeHooks.size > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...scrapeHooks].map((hook) => hook())),
      new Promise((resolve) => (timer = setTimeout(resolve, SCRAPE_HOOKS_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
  }
  return metricsRegistry.metrics();
}
