import '@touchline/kit/telemetry/register';
import { ConfigError, createLogger, loadConfig, loadPeerAddrs, metrics, stopTelemetry } from '@touchline/kit';
import { gatewayConfigSchema, UPSTREAMS, type Upstream } from './config';
import { startGateway } from './index';

async function main(): Promise<void> {
  let config;
  let addresses: Record<Upstream, string>;
  try {
    config = loadConfig(gatewayConfigSchema);
    addresses = loadPeerAddrs(UPSTREAMS) as Record<Upstream, string>;
  } catch (error) {
    console.error(`gateway: ${(error as Error).message}`);
    process.exit(1);
  }
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  let gateway;
  try {
    gateway = await startGateway(config, addresses, logger);
  } catch (error) {
    // A setting the machine cannot hold (CONNECTIONS_MAX above the open-file limit) names itself.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`gateway: ${error.message}`);
    process.exit(1);
  }
  logger.info({ port: gateway.port }, 'gateway listening');
  const served =
    config.METRICS_PORT === undefined
      ? undefined
      : await metrics.serveMetrics(config.METRICS_PORT, config.METRICS_HOST);
  if (served) logger.info({ port: served.port }, 'serving /metrics');
  const stop = () =>
    void gateway
      .close()
      .then(() => served?.close())
      .then(() => stopTelemetry())
      .then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
