import type { Knex } from 'knex';
import type { Counter, Gauge } from 'prom-client';
import type { Logger } from 'pino';
import * as catalog from './catalog';
import { onScrape } from './registry';

/** The catalogue's gauges a service sets from its own tables (each has a `service` label). */
export type ServiceGauge = {
  [K in keyof typeof catalog]: (typeof catalog)[K] extends Gauge ? K : never;
}[keyof typeof catalog];

/** The catalogue's counters a service reads as all-time sums of its own tables (each has a `service` label). */
export type ServiceTotal = {
  [K in keyof typeof catalog]: (typeof catalog)[K] extends Counter ? K : never;
}[keyof typeof catalog];

/** One value read from a service's tables: a gauge's value, or a counter's all-time total. */
export type GaugeReading =
  | { gauge: ServiceGauge; labels?: Record<string, string>; value: number }
  | { total: ServiceTotal; labels?: Record<string, string>; value: number };

/**
 * A counter read as a monotonic sum from a table rises by what the sum gained since the counter's
 * value (so a restart starts from the table's total, and no increment happens in a use case).
 */
async function raiseTo(counter: Counter, labels: Record<string, string>, total: number): Promise<void> {
  const { values } = await counter.get();
  const wanted = Object.entries(labels);
  const current = values.find(
    (v) =>
      Object.keys(v.labels).length === wanted.length && wanted.every(([k, x]) => String(v.labels[k]) === x),
  );
  const rise = total - (current?.value ?? 0);
  // A first reading of 0 still shows the series, so a rate over it starts from the first coin.
  if (rise > 0 || !current) counter.inc(labels, Math.max(rise, 0));
}

/** A service's own readings (sagas, the ledger's check), from its `db/` queries: ServiceModule.gauges. */
export type ReadGauges = (db: Knex) => Promise<GaugeReading[]>;

/** Outbox backlog and its oldest row's age: every service has an outbox. */
async function readOutbox(db: Knex): Promise<GaugeReading[]> {
  const row = (await db('outbox')
    .whereNull('published_at')
    .first(
      db.raw('count(*)::int as backlog'),
      db.raw('coalesce(extract(epoch from now() - min(created_at)), 0)::float as oldest'),
    )) as { backlog: number; oldest: number } | undefined;
  return [
    { gauge: 'outboxBacklog', value: Number(row?.backlog ?? 0) },
    { gauge: 'outboxOldestAge', value: Math.max(0, Number(row?.oldest ?? 0)) },
  ];
}

/**
 * Reads the service's gauges once at start, then when /metrics is scraped (registry.ts, onScrape),
 * at most once per `intervalMs`: an idle service that nobody scrapes asks its tables nothing. In
 * embedded mode one registry serves every service of the process, and a scrape reads them all. A
 * failed read keeps the last values and is logged at debug: a database that does not answer has its
 * own alert (health NOT_SERVING).
 */
export function startGaugeCollector(options: {
  service: string;
  db: Knex;
  read?: ReadGauges;
  intervalMs: number;
  logger: Logger;
}): { stop(): Promise<void> } {
  const { service, db, read, intervalMs, logger } = options;
  let running: Promise<void> | undefined;
  let readAt = -Infinity;
  const collect = async () => {
    const readings = [...(await readOutbox(db)), ...((await read?.(db)) ?? [])];
    for (const reading of readings) {
      const labels = { service, ...reading.labels };
      if ('gauge' in reading) (catalog[reading.gauge] as Gauge).set(labels, reading.value);
      else await raiseTo(catalog[reading.total] as Counter, labels, reading.value);
    }
  };
  const refresh = (): Promise<void> => {
    if (!running && performance.now() - readAt < intervalMs) return Promise.resolve();
    running ??= collect()
      .catch((error: unknown) => logger.debug({ err: error }, 'metrics: gauges not read'))
      .finally(() => {
        readAt = performance.now();
        running = undefined;
      });
    return running;
  };
  void refresh();
  const stopScrapes = onScrape(refresh);
  return {
    async stop() {
      stopScrapes();
      await running;
    },
  };
}
