import { createServer, type Server } from 'node:http';
import { collectProcessMetrics, metricsRegistry, scrapeMetrics } from './registry';

export interface MetricsServer {
  port: number;
  /** The address it is bound to. */
  address: string;
  close(): Promise<void>;
}

/**
 * GET /metrics in Prometheus' text format on a port of its own (METRICS_PORT): scraped inside the
 * cluster only, never through the gateway's public port or a service's gRPC port. On loopback
 * unless METRICS_HOST opens it (the chart, behind a NetworkPolicy).
 */
export async function serveMetrics(port: number, host = '127.0.0.1'): Promise<MetricsServer> {
  collectProcessMetrics();
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    scrapeMetrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    address: typeof address === 'object' && address ? address.address : host,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
