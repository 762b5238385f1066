import {
  addrEnvName,
  baseConfigSchema,
  createLogger,
  createPgliteDatabase,
  InProcessBus,
  loadConfig,
  metrics,
  sharePglite,
  startService,
  systemClock,
  systemRandom,
} from '@touchline/kit';
import { gatewayConfigSchema, startGateway, UPSTREAMS, type Upstream } from '@touchline/gateway';
import { openEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database';
import { freePort } from './spawn';
import { SERVICE_MODULES } from './services';

export interface EmbeddedOptions {
  port: number;
  dataDir: string;
  webDist?: string;
  devWebUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** DATA_DIR's database, when the caller began opening it already (see embedded-database.ts). */
  database?: Promise<EmbeddedDatabase>;
}

export interface EmbeddedApp {
  url: string;
  port: number;
  /** The address the gateway listens on: loopback unless HOST says otherwise. */
  host: string;
  stop(): Promise<void>;
}

/** Embedded mode serves this machine only, unless HOST opens it on purpose. */
export function embeddedHost(env: NodeJS.ProcessEnv): string {
  return env.HOST || '127.0.0.1';
}

/**
 * Mode 1 of docs/design.md#2-three-ways-to-run-it-one-code-path: every service and the gateway in one process, talking gRPC over
 * loopback, one embedded Postgres (a schema per service), the in-process event bus, an in-memory
 * store instead of Redis, test-mode payments and the dev mailbox.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedApp> {
  const env = { ...(options.env ?? process.env) };
  const logLevel = env.LOG_LEVEL ?? 'info';
  const { LOG_FORMAT: logFormat } = loadConfig(baseConfigSchema.pick({ LOG_FORMAT: true }), env);
  const logger = createLogger({ service: 'event-bus', level: logLevel, format: logFormat });

  // GRPC_BASE_PORT pins the services to base, base+1, … (for grpcurl and benchmarks); otherwise free ports.
  const basePort = Number(env.GRPC_BASE_PORT) || 0;
  const ports = new Map<string, number>();
  for (const [i, module] of SERVICE_MODULES.entries())
    ports.set(module.name, basePort ? basePort + i : await freePort());
  const addresses = Object.fromEntries(
    UPSTREAMS.map((name) => [name, `127.0.0.1:${ports.get(name) ?? 0}`]),
  ) as Record<Upstream, string>;
  for (const [name, address] of Object.entries(addresses)) env[addrEnvName(name)] = address;

  const database = await (options.database ?? openEmbeddedDatabase(options.dataDir));
  const shared = sharePglite(database.pglite);
  const bus = new InProcessBus(logger, { paused: true });
  // Started side by side: each waits on the database and on binding its port, and the others use that time.
  const starts = SERVICE_MODULES.map(async (module) => {
    const schema = module.configSchema
      ? baseConfigSchema.extend(module.configSchema.shape)
      : baseConfigSchema;
    const config = loadConfig(schema, {
      ...env,
      DATABASE_URL: '',
      KAFKA_BROKERS: '',
      // A demo on one machine: the demo promo codes, unless DEMO_PROMO_CODES=false says otherwise.
      DEMO_PROMO_CODES: env.DEMO_PROMO_CODES || 'true',
      // ...and the demo squad challenges, likewise.
      DEMO_CHALLENGES: env.DEMO_CHALLENGES || 'true',
      // ...and test payments without any step, unless a Stripe key (or PAYMENTS_MODE) says otherwise.
      PAYMENTS_MODE: env.PAYMENTS_MODE || (env.STRIPE_SECRET_KEY ? '' : 'test'),
      // One process: the leaderboard cache and the notification signals live in memory, like the gateway's store.
      REDIS_URL: '',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(ports.get(module.name)),
    });
    return startService(module, {
      config: config as never,
      logger: createLogger({ service: module.name, level: logLevel, format: logFormat }),
      db: createPgliteDatabase(shared, module.schema),
      bus,
      clock: systemClock,
      random: systemRandom,
      peers: addresses,
      instanceId: `embedded:${process.pid}`,
    });
  });
  const results = await Promise.allSettled(starts);
  const running = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.allSettled(running.map((s) => s.shutdown()));
    await database.close();
    throw failed.reason;
  }
  // Every consumer group is subscribed now: events may flow.
  bus.resume();

  const gatewayConfig = loadConfig(gatewayConfigSchema, {
    ...env,
    PORT: String(options.port),
    // One machine: the dev mailbox holds reset links and cookies are not Secure (docs/design.md#6-security).
    HOST: embeddedHost(env),
    EMBEDDED: 'true',
    REDIS_URL: '',
    WEB_DIST: options.webDist ?? '',
    DEV_WEB_URL: options.devWebUrl ?? '',
    PUBLIC_URL: env.PUBLIC_URL || '',
  });
  const gateway = await startGateway(gatewayConfig, addresses, logger.child({ service: 'gateway' }));
  const url = (env.PUBLIC_URL || `http://localhost:${gateway.port}`).replace(/\/$/, '');
  // One process, one registry: every service's series and the gateway's on one /metrics.
  const served =
    gatewayConfig.METRICS_PORT === undefined
      ? undefined
      : await metrics.serveMetrics(gatewayConfig.METRICS_PORT, gatewayConfig.METRICS_HOST);

  let stopping: Promise<void> | undefined;
  return {
    url,
    port: gateway.port,
    host: gatewayConfig.HOST,
    stop: () =>
      (stopping ??= (async () => {
        await gateway.close();
        await served?.close();
        await Promise.allSettled(running.map((s) => s.shutdown()));
        await bus.close();
        await database.close();
      })()),
  };
}
