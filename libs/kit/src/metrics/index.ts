export * from './catalog';
export { collectProcessMetrics, metricsRegistry, onScrape, scrapeMetrics } from './registry';
export { serveMetrics, type MetricsServer } from './server';
export type { GaugeReading, ReadGauges, ServiceGauge, ServiceTotal } from './gauge-collector';
export { sagaReadings } from './pending-rows';
