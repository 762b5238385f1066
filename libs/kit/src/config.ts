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

/** Variables every service process understands. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().default('.data'),
  KAFKA_BROKERS: optionalString,
  /** Chaos runs only (events/bus-chaos.ts): shares of Kafka events delivered twice and batches shuffled. */
  BUS_CHAOS_DUPLICATE_SHARE: z.coerce.number().min(0).max(1).default(0),
  BUS_CHAOS_REORDER_SHARE: z.coerce.number().min(0).max(1).default(0),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50051),
  GRPC_HOST: z.string().default('0.0.0.0'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HEALTH_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(2_000),
  /** Deadline of a call to a peer service; a saga whose peer does not answer in time answers pending. */
  PEER_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
});
export type BaseConfig = z.output<typeof baseConfigSchema>;

/** `<SERVICE>_ADDR` for a peer service name, e.g. cards-market → CARDS_MARKET_ADDR. */
export function addrEnvName(service: string): string {
  return `${service.replace(/-/g, '_').toUpperCase()}_ADDR`;
}

/** Reads one address per peer; a missing one is a start-up error naming the variable. */
export function loadPeerAddrs(
  peers: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const shape = Object.fromEntries(
    peers.map((p) => [
      addrEnvName(p),
      z
        .string()
        .regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port')
        .refine((v) => Number(v.split(':').pop()) <= 65535, 'port must be at most 65535'),
    ]),
  );
  const parsed = loadConfig(z.object(shape), env);
  return Object.fromEntries(peers.map((p) => [p, parsed[addrEnvName(p)] as string]));
}

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An optional variable where an empty value means "not set" (how compose files and charts often leave them). */
export function optionalEnv<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}
