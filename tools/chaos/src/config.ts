/** The knobs of `npm run chaos`, all from the environment, with defaults for a laptop run. */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
}

export const config = {
  /** How long the load and the faults run. */
  seconds: num('CHAOS_SECONDS', 120),
  /** Replicas of every service and of the gateway (STACK_REPLICAS; STACK_REPLICAS_<NAME> still applies). */
  replicas: Math.max(1, num('CHAOS_REPLICAS', 1)),
  /** Simultaneous players (one is also the admin who decides cash-outs). */
  players: Math.max(4, num('CHAOS_PLAYERS', 10)),
  /** Admin URL of the Postgres server; the run creates (and drops) its own database there. */
  pg: process.env.CHAOS_PG ?? 'postgres://postgres@127.0.0.1:5432',
  /** Keep the database after the run, for digging into a violation. */
  keepDatabase: process.env.CHAOS_KEEP_DB === 'true',
  database: process.env.CHAOS_DATABASE ?? `touchline_chaos_${Date.now()}`,
  /** A Redis database the run may flush (it holds the leaderboard cache and rate limits). */
  redis: process.env.CHAOS_REDIS ?? 'redis://127.0.0.1:6379/12',
  port: num('CHAOS_PORT', 0),
  grpcBasePort: num('CHAOS_GRPC_BASE_PORT', 0),
  /** A random service is SIGKILLed this often (0: never). */
  killEveryMs: num('CHAOS_KILL_EVERY_MS', 6_000),
  /** Share of kills that hit the gateway instead of a service. */
  gatewayKillShare: num('CHAOS_GATEWAY_KILL_SHARE', 0.1),
  /** The wallet is paused (SIGSTOP) this often, for pauseMs (0: never). */
  pauseEveryMs: num('CHAOS_PAUSE_EVERY_MS', 20_000),
  pauseMs: num('CHAOS_PAUSE_MS', 4_000),
  /** Bus chaos: share of events delivered twice, share of batches delivered out of order. */
  busDuplicateShare: num('CHAOS_BUS_DUPLICATE', 0.1),
  busReorderShare: num('CHAOS_BUS_REORDER', 0.2),
  /** Longest wait for the sweepers and consumers to settle after the load. */
  settleSeconds: num('CHAOS_SETTLE_SECONDS', 150),
  seed: num('CHAOS_SEED', Date.now() % 1_000_000),
  welcomeCoins: 200_000,
  /** Signs the webhooks the run posts itself, as Stripe would. */
  webhookSecret: 'whsec_touchline_chaos_run',
  verbose: process.env.CHAOS_VERBOSE === 'true',
  /** Writes every answer the clients got to this file (JSON lines), for digging into a violation. */
  answersFile: process.env.CHAOS_ANSWERS_FILE,
  /** Writes everything the stack printed to this file. */
  stackLogFile: process.env.CHAOS_STACK_LOG,
} as const;
