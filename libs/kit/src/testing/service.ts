import { pino, type Logger } from 'pino';
import { baseConfigSchema, loadConfig } from '../config';
import { systemClock, systemRandom, type Clock, type Random } from '../clock';
import type { EventBus } from '../events/bus';
import { InProcessBus } from '../events/in-process-bus';
import { startService, type RunningService, type ServiceModule } from '../service';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestService {
  service: RunningService;
  database: TestDatabase;
  bus: EventBus;
  /** Shuts the service down and drops its database. */
  stop(): Promise<void>;
}

export const silentLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A service's config for a test: gRPC on a free loopback port, a short shutdown, then `env`. */
export function testServiceConfig<C, H>(module: ServiceModule<C, H>, env: Record<string, string> = {}) {
  const schema = module.configSchema ? baseConfigSchema.extend(module.configSchema.shape) : baseConfigSchema;
  return loadConfig(schema, { GRPC_HOST: '127.0.0.1', GRPC_PORT: '0', SHUTDOWN_TIMEOUT_MS: '2000', ...env });
}

/** Boots a real service (gRPC on a free loopback port) on a fresh test database. */
export async function startTestService<C, H>(
  module: ServiceModule<C, H>,
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    random?: Random;
    bus?: EventBus;
    peers?: Record<string, string>;
    /**
     * On PGlite, services share one database per test process (its own schema each), as in
     * `npm start`; a test that holds a lock in this service's tables while the others must go on
     * gives it a PGlite of its own. (Postgres always locks rows, not the session.)
     */
    ownPglite?: boolean;
    /** As a service in a process of its own (stack mode) would run: see ServiceDeps.standalone. */
    standalone?: boolean;
    /** Where the service logs (silent unless TEST_LOG_LEVEL says otherwise). */
    logger?: Logger;
  } = {},
): Promise<TestService> {
  const database = await createTestDatabase(module.schema, { sharedPglite: !options.ownPglite });
  const bus = options.bus ?? new InProcessBus(silentLogger);
  const config = testServiceConfig(module, {
    // Tests take no real money: wallet-payments refuses to start without a Stripe key unless this
    // says so (other services ignore it). A test of live mode sets PAYMENTS_MODE=live and a key.
    PAYMENTS_MODE: 'test',
    // The gauges are read once at start, then only when scraped, at most this often.
    METRICS_COLLECT_INTERVAL_MS: '600000',
    ...options.env,
  });
  const service = await startService(
    { ...module, schema: database.schema },
    {
      config: config as never,
      logger: options.logger ?? silentLogger,
      db: database.db,
      bus,
      clock: options.clock ?? systemClock,
      random: options.random ?? systemRandom,
      // Peers a test does not provide point nowhere: calls to them fail like a service that is down.
      peers: { ...Object.fromEntries((module.peers ?? []).map((p) => [p, '127.0.0.1:1'])), ...options.peers },
      instanceId: 'test',
      standalone: options.standalone,
      relayPollIntervalMs: 100,
    },
  );
  return {
    service,
    database,
    bus,
    async stop() {
      await service.shutdown();
      await database.close();
    },
  };
}
