import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates environment variables against a zod object schema. Any wrong or missing variable stops
 * start-up with one message naming every offending variable, so an operator fixes them in one go.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[String(issue.path[0])];
    return `  ${name}: ${issue.message}${value === undefined ? ' (not set)' : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const logFormatSchema = optionalString.pipe(z.enum(['pretty', 'json']).optional());

/**
 * Where /metrics listens. Loopback unless a deployment says otherwise: the series show economy
 * totals and carry no auth, so only a cluster whose NetworkPolicy admits its Prometheus alone opens
 * it to the pod network (the chart sets 0.0.0.0).
 */
export const metricsHostSchema = z.string().trim().min(1).default('127.0.0.1');

/** Variables every service process understands. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (one line per event) or `json`; unset: pretty when stdout is a terminal, JSON otherwise. */
  LOG_FORMAT: logFormatSchema,
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** Connections this process may hold to Postgres (its replicas together share the server's limit). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('.data'),
  KAFKA_BROKERS: optionalString,
  /**
   * Set by the launcher and the chaos run when KAFKA_BROKERS is librdkafka's mock cluster, which they
   * started: the bus then copes with the mock's quirks (testing/kafka-mock-late-sync.ts). Never in production.
   */
  KAFKA_MOCK_CLUSTER: z
    .enum(['true', 'false', ''])
    .default('')
    .transform((v) => v === 'true'),
  /**
   * Longest a Kafka fetch waits on partitions with nothing new (events/kafka-bus.ts). A broker answers
   * as soon as data arrives (minBytes 1), so a long wait costs no latency and spares an idle
   * consumer's fetch loop; heartbeats go between fetches, well inside the 30-s session. librdkafka's
   * mock cluster waits it out in full even when data arrives, so there it bounds an idle consumer's
   * delay: `npm run stack` sets 1 s on the mock. Default 5 s (kafkajs's own default).
   */
  KAFKA_MAX_WAIT_MS: z.coerce.number().int().min(10).max(30_000).default(5_000),
  /** Chaos runs only (events/bus-chaos.ts): shares of Kafka events delivered twice and batches shuffled. */
  BUS_CHAOS_DUPLICATE_SHARE: z.coerce.number().min(0).max(1).default(0),
  BUS_CHAOS_REORDER_SHARE: z.coerce.number().min(0).max(1).default(0),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),
  GRPC_HOST: z.string().default('0.0.0.0'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** A health Check probes the database again when its last probe is older than this (grpc/health.ts). */
  HEALTH_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /** Port of this process's Prometheus /metrics (metrics/server.ts); none served when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: metricsHostSchema,
  /**
   * A service reads its gauges (outbox backlog, sagas, the ledger's check) from its tables when
   * /metrics is scraped, at most once per this interval.
   */
  METRICS_COLLECT_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** Deadline of a call to a peer service; a saga whose peer does not answer in time answers pending. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
});
export type BaseConfig = z.output<typeof baseConfigSchema>;

/** `<SERVICE>_ADDR` for a peer service name, e.g. cards-market → CARDS_MARKET_ADDR. */
export function addrEnvName(service: string): string {
  return `${service.replace(/-/g, '_').toUpperCase()}_ADDR`;
}

const HOST_PORT = /^[\w.-]+:\d{1,5}$/;
const IPV4_PORT = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3}):\d{1,5}$/;

/**
 * A peer's address: `host:port`, or several replicas' `ip:port,ip:port` (the stack's replicas,
 * reached round-robin by kit's gRPC client, as a Kubernetes Service spreads calls over its pods).
 * A list names IPv4 addresses only: grpc-js balances over a list of addresses it need not resolve;
 * behind one DNS name, give that one name.
 */
export const peerAddressSchema = z.string().superRefine((value, ctx) => {
  const entries = value.split(',').map((e) => e.trim());
  const port = (entry: string) => Number(entry.split(':').pop());
  for (const entry of entries) {
    if (!HOST_PORT.test(entry))
      ctx.addIssue({ code: 'custom', message: `expected host:port, got "${entry}"` });
    else if (port(entry) > 65535)
      ctx.addIssue({ code: 'custom', message: `port must be at most 65535 in "${entry}"` });
    else if (
      entries.length > 1 &&
      !IPV4_PORT.exec(entry)
        ?.slice(1)
        .every((b) => Number(b) <= 255)
    )
      ctx.addIssue({
        code: 'custom',
        message: `a list of replicas takes IPv4 addresses (ip:port,ip:port), got "${entry}"`,
      });
  }
  if (new Set(entries).size !== entries.length)
    ctx.addIssue({ code: 'custom', message: 'an address appears twice in the list' });
});

/** Reads one address (or list of replicas' addresses) per peer; a missing or bad one is a start-up error naming the variable. */
export function loadPeerAddrs(
  peers: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const shape = Object.fromEntries(peers.map((p) => [addrEnvName(p), peerAddressSchema]));
  const parsed = loadConfig(z.object(shape), env);
  return Object.fromEntries(
    peers.map((p) => [
      p,
      (parsed[addrEnvName(p)] as string)
        .split(',')
        .map((e) => e.trim())
        .join(','),
    ]),
  );
}

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional variable where an empty value means "not set" (how compose files and charts often leave them). */
export function optionalEnv<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}
