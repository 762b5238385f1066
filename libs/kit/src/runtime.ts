import path from 'node:path';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { baseConfigSchema, loadConfig, loadPeerAddrs, type BaseConfig } from './config';
import { systemClock, systemRandom } from './clock';
import {
  createPgliteDatabase,
  createPostgresDatabase,
  postgresListener,
  sharePglite,
  type Database,
} from './db/database';
import { openPglite } from './db/pglite';
import type { EventBus } from './events/bus';
import type { Listen } from './events/relay';
import { withBusChaos } from './events/bus-chaos';
import { InProcessBus } from './events/in-process-bus';
import { createLogger } from './logger';
import { startService, type RunningService, type ServiceModule } from './service';
import { serveMetrics } from './metrics/server';
import { stopTelemetry } from './telemetry/sdk';

/**
 * Kafka when KAFKA_BROKERS is set, otherwise the in-process bus (events stay inside this process).
 * kafkajs is loaded only then.
 */
export async function createBus(config: BaseConfig, clientId: string, logger: Logger): Promise<EventBus> {
  if (config.KAFKA_BROKERS) {
    if (config.KAFKA_MOCK_CLUSTER)
      (await import('./testing/kafka-mock-late-sync')).applyMockClusterLateSyncFix();
    const { createKafkaBus } = await import('./events/kafka-bus');
    const bus = createKafkaBus({
      brokers: config.KAFKA_BROKERS.split(',').map((b) => b.trim()),
      clientId,
      logger,
      maxWaitTimeInMs: config.KAFKA_MAX_WAIT_MS,
    });
    const { BUS_CHAOS_DUPLICATE_SHARE: duplicateShare, BUS_CHAOS_REORDER_SHARE: reorderShare } = config;
    return duplicateShare > 0 || reorderShare > 0
      ? withBusChaos(bus, { duplicateShare, reorderShare, logger })
      : bus;
  }
  return new InProcessBus(logger);
}

/** One service as its own process: real Postgres when DATABASE_URL is set, else its own PGlite under DATA_DIR. */
async function openDatabase(
  config: BaseConfig,
  schema: string,
): Promise<{ db: Database; listen?: Listen; close(): Promise<void> }> {
  if (config.DATABASE_URL)
    return {
      db: createPostgresDatabase(config.DATABASE_URL, schema, config.DB_POOL_MAX),
      listen: postgresListener(config.DATABASE_URL, schema),
      close: async () => {},
    };
  const pglite = await openPglite(path.join(config.DATA_DIR, schema));
  return { db: createPgliteDatabase(sharePglite(pglite), schema), close: () => pglite.close() };
}

/**
 * Entry point of `services/<name>/src/main.ts`: validates the environment (exiting with a message
 * that names every bad variable), connects, serves, and shuts down gracefully on SIGTERM/SIGINT.
 */
export async function runStandalone<C, H>(module: ServiceModule<C, H>): Promise<RunningService> {
  let config: BaseConfig & C;
  let peers: Record<string, string>;
  try {
    config = loadConfig(
      module.configSchema ? baseConfigSchema.extend(module.configSchema.shape) : baseConfigSchema,
    ) as BaseConfig & C;
    peers = loadPeerAddrs(module.peers ?? []);
  } catch (error) {
    console.error(`${module.name}: ${(error as Error).message}`);
    process.exit(1);
  }
  const logger = createLogger({ service: module.name, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const bus = await createBus(config, module.name, logger);
  const database = await openDatabase(config, module.schema);
  const service = await startService(module, {
    config,
    logger,
    db: database.db,
    bus,
    clock: systemClock,
    random: systemRandom,
    peers,
    instanceId: `${hostname()}:${process.pid}`,
    standalone: true,
    listen: database.listen,
  });
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : await serveMetrics(config.METRICS_PORT, config.METRICS_HOST);
  if (metrics) logger.info({ port: metrics.port }, 'serving /metrics');
  const stop = (signal: string) => {
    logger.info({ signal }, 'signal received');
    void service
      .shutdown()
      .then(() => metrics?.close())
      .then(() => bus.close())
      .then(() => database.close())
      .then(() => stopTelemetry())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'unclean shutdown');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return service;
}
