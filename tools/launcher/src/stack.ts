import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { addrEnvName, checkHealth, loadConfig, optionalEnv } from '@touchline/kit';
import {
  kafkaMockAvailable,
  KAFKA_MOCK_INSTALL_HINT,
  startKafkaMock,
  type KafkaMock,
} from '@touchline/kit/testing/kafka-mock';
import { TOPICS } from '@touchline/protos';
import { paymentsModeOf } from '@touchline/wallet-payments/payment-mode';
import { buildIfMissing, ROOT, WEB_DIST } from './build-if-missing';
import { passwordEnvName, prepareServiceDatabases } from './database-roles';
import { describeTargets, metricsTargets, writeTargetsFile, type MetricsTarget } from './metrics-targets';
import { replicaAddress, replicaCounts, replicaName, replicaPorts } from './replicas';
import { connectionCap, openFileLimit } from '@touchline/gateway/open-files';
import { startFront, type Front } from './round-robin-front';
import { SERVICE_MODULES } from './services';
import { Supervisor } from './supervisor';
import { GATEWAY, touchlineTopology } from './topology';

const stackConfig = z.object({
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: 'set DATABASE_URL=postgres://… (the stack runs on real Postgres)',
  }),
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/ })),
  KAFKA_BROKERS: optionalEnv(z.string()),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  GRPC_BASE_PORT: z.coerce.number().int().min(1024).max(65000).default(50051),
  /** Each process serves /metrics on its own port from here (services' replicas, then gateways). */
  METRICS_BASE_PORT: z.coerce.number().int().min(1024).max(65000).default(9400),
  LOG_LEVEL: z.string().default('info'),
  /** With several gateways, the front on PORT caps each client address (the gateways see only it). */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  DATA_DIR: z.string().default('.data'),
  /** Role of a service: this prefix and its schema, e.g. touchline_cards_market. */
  DB_ROLE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'lower-case letters, digits and _ only')
    .max(40)
    .default('touchline_'),
  RESTART_BACKOFF_INITIAL_MS: z.coerce.number().int().min(10).default(1_000),
  RESTART_BACKOFF_MAX_MS: z.coerce.number().int().min(10).default(30_000),
  RESTART_BACKOFF_RESET_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * The gateways' niceness (-20 to 19; the services keep 0). Below 0 the front door goes first when
   * the machine is short of CPU: it keeps accepting and refuses what it cannot serve instead of
   * leaving connections to time out, at the price of the services' latency under a lighter load
   * (docs/decisions/0019-the-gateways-priority.md). Below 0 needs root or CAP_SYS_NICE.
   */
  GATEWAY_NICENESS: z.coerce.number().int().min(-20).max(19).default(0),
  // wallet-payments' choice, checked here too: the stack stops with the message instead of
  // restarting a wallet that refuses to start.
  STRIPE_SECRET_KEY: optionalEnv(z.string()),
  PAYMENTS_MODE: optionalEnv(z.enum(['live', 'test'])),
});

/** KAFKA_MAX_WAIT_MS of the services on librdkafka's mock cluster, unless the environment sets it. */
const MOCK_KAFKA_MAX_WAIT_MS = 1_000;

/** A process of the stack; the supervisor calls this again for each restart. */
function starter(name: string, entry: string, env: NodeJS.ProcessEnv, niceness = 0): () => ChildProcess {
  return () => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (niceness !== 0 && child.pid !== undefined) prioritise(name, child.pid, niceness);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    return child;
  };
}

let priorityRefused = false;

/** Sets a process's niceness; a refusal (no CAP_SYS_NICE) is said once and the process runs at 0. */
function prioritise(name: string, pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch (error) {
    if (priorityRefused) return;
    priorityRefused = true;
    console.warn(
      `[stack] ${name} runs at niceness 0, not ${niceness} (${(error as Error).message}; GATEWAY_NICENESS needs root or CAP_SYS_NICE below 0): when the machine is short of CPU, requests may wait for the gateway instead of being refused`,
    );
  }
}

/**
 * Until every service replica says SERVING and every gateway's /readyz answers 200 (a gateway is
 * ready with one replica of each upstream: without this, a stack would be "ready" with replicas
 * still starting).
 */
async function waitReady(serviceAddresses: string[], gatewayUrls: string[]): Promise<void> {
  const ready = async () =>
    (await Promise.all(serviceAddresses.map((a) => checkHealth(a)))).every((s) => s === 'SERVING') &&
    (
      await Promise.all(
        gatewayUrls.map((url) =>
          fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ),
        ),
      )
    ).every(Boolean);
  for (let i = 0; i < 240; i++) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the stack did not become ready within 2 minutes (see the logs above)');
}

/** The environment every process inherits, without the admin's database URL or any role's password. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  for (const m of SERVICE_MODULES) delete env[passwordEnvName(m.name)];
  return env;
}

/**
 * `npm run stack` (docs/design.md#2-three-ways-to-run-it-one-code-path, mode 2): each service and the gateway in its own process on
 * real Postgres and Redis, events over Kafka. Without KAFKA_BROKERS it starts librdkafka's mock
 * cluster in this process and declares every topic of the catalogue, as the platform would. Each
 * service connects to Postgres as its own role (created here with the admin DATABASE_URL), listens
 * on loopback only and is told the addresses of its declared peers only. A process that crashes is
 * restarted with backoff, as the kubelet would; SIGINT/SIGTERM stops everything.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(stackConfig);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const payments = paymentsModeOf(config);
  if ('problem' in payments) {
    console.error(`Invalid configuration:\n  PAYMENTS_MODE: ${payments.problem}`);
    process.exit(1);
  }
  const topology = touchlineTopology();
  const serviceNames = SERVICE_MODULES.map((m) => m.name);
  let counts: Map<string, number>;
  let ports: ReturnType<typeof replicaPorts>;
  try {
    counts = replicaCounts([...serviceNames, GATEWAY], process.env);
    if ([...counts.values()].some((n) => n > 1) && !config.REDIS_URL)
      throw new Error(
        'Invalid configuration:\n  REDIS_URL: replicas share the live hub, the leaderboard cache, sessions and rate limits through Redis (not set)',
      );
    ports = replicaPorts(config.GRPC_BASE_PORT, serviceNames, counts, counts.get(GATEWAY)!);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  buildIfMissing();

  let databases;
  try {
    databases = await prepareServiceDatabases({
      adminUrl: config.DATABASE_URL,
      modules: SERVICE_MODULES,
      rolePrefix: config.DB_ROLE_PREFIX,
      passwordFile: path.resolve(ROOT, config.DATA_DIR, 'stack/db-roles.json'),
    });
  } catch (error) {
    console.error(
      `could not create the services' Postgres roles with DATABASE_URL: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  console.log(
    `Postgres: each service connects as its own role (${databases.roles.map((r) => r.role).join(', ')})`,
  );

  let kafka: KafkaMock | undefined;
  let brokers = config.KAFKA_BROKERS;
  if (!brokers) {
    if (!kafkaMockAvailable()) {
      console.error(`KAFKA_BROKERS is not set and the mock cluster cannot start: ${KAFKA_MOCK_INSTALL_HINT}`);
      process.exit(1);
    }
    kafka = startKafkaMock({ brokers: 1 });
    for (const topic of Object.values(TOPICS)) kafka.createTopic(topic, 3);
    brokers = kafka.bootstrap;
    console.log(`KAFKA_BROKERS not set: using librdkafka's in-memory mock cluster at ${brokers}`);
  }

  // A service's callers get its replicas' list: kit's client calls them round-robin.
  const addrEnv = (names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [addrEnvName(name), replicaAddress(ports.services.get(name)!)]));
  const common = {
    ...inheritedEnv(),
    KAFKA_BROKERS: brokers,
    KAFKA_MOCK_CLUSTER: kafka ? 'true' : '',
    // The mock answers a fetch with nothing new only once its wait is over, even when an event
    // arrives meanwhile (a broker answers at once): 1 s bounds an idle consumer's delay there.
    ...(kafka && !process.env.KAFKA_MAX_WAIT_MS ? { KAFKA_MAX_WAIT_MS: String(MOCK_KAFKA_MAX_WAIT_MS) } : {}),
    REDIS_URL: config.REDIS_URL ?? '',
    LOG_LEVEL: config.LOG_LEVEL,
    // The processes write to pipes (prefixed with their names here): the terminal is the stack's.
    LOG_FORMAT: process.env.LOG_FORMAT || (process.stdout.isTTY ? 'pretty' : 'json'),
  };

  // One gateway listens on PORT itself; several listen on loopback ports behind the front on PORT.
  const gatewayPorts = ports.gateways.length > 0 ? ports.gateways : [config.PORT];
  let targets: MetricsTarget[];
  try {
    targets = metricsTargets(config.METRICS_BASE_PORT, [
      ...topology.services.flatMap((service) =>
        ports.services.get(service.name)!.map((_, r, own) => ({
          process: replicaName(service.name, r, own.length),
          service: service.name,
        })),
      ),
      ...gatewayPorts.map((_, g) => ({
        process: replicaName(GATEWAY, g, gatewayPorts.length),
        service: GATEWAY,
      })),
    ]);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const metricsPort = (name: string) => String(targets.find((t) => t.process === name)!.port);
  const targetsFile = path.resolve(ROOT, config.DATA_DIR, 'stack/prometheus-targets.json');
  writeTargetsFile(targetsFile, targets);

  const supervisor = new Supervisor({
    policy: {
      initialDelayMs: config.RESTART_BACKOFF_INITIAL_MS,
      maxDelayMs: config.RESTART_BACKOFF_MAX_MS,
      resetAfterMs: config.RESTART_BACKOFF_RESET_MS,
    },
  });
  // Postgres allows 100 connections by default: 8 services of 10 each fit, 2 replicas of each do
  // not (the server refused them under load, and the calls that needed one failed). Replicas share
  // their service's 10, at least 3 each, unless DB_POOL_MAX says otherwise.
  const poolOf = (replicas: number) =>
    process.env.DB_POOL_MAX ?? String(Math.max(3, Math.floor(10 / replicas)));
  for (const service of topology.services) {
    const own = ports.services.get(service.name)!;
    own.forEach((port, r) => {
      const name = replicaName(service.name, r, own.length);
      supervisor.add({
        name,
        start: starter(name, `services/${service.name}/src/main.ts`, {
          ...common,
          ...addrEnv(service.peers),
          DATABASE_URL: databases.urls.get(service.name),
          DB_POOL_MAX: poolOf(own.length),
          GRPC_HOST: '127.0.0.1',
          GRPC_PORT: String(port),
          METRICS_PORT: metricsPort(name),
          OTEL_SERVICE_NAME: service.name,
        }),
      });
    });
  }
  gatewayPorts.forEach((port, g) => {
    const name = replicaName(GATEWAY, g, gatewayPorts.length);
    supervisor.add({
      name,
      start: starter(
        name,
        'gateway/src/main.ts',
        {
          ...common,
          ...addrEnv(topology.gateway.peers),
          PORT: String(port),
          METRICS_PORT: metricsPort(name),
          // Behind the front every connection comes from 127.0.0.1: the front counts per address.
          ...(gatewayPorts.length > 1 ? { HOST: '127.0.0.1', CONNECTIONS_PER_ADDRESS: '0' } : {}),
          WEB_DIST,
          COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
          OTEL_SERVICE_NAME: GATEWAY,
        },
        config.GATEWAY_NICENESS,
      ),
    });
  });
  let front: Front | undefined;
  if (gatewayPorts.length > 1) {
    try {
      front = await startFront({
        port: config.PORT,
        backends: gatewayPorts,
        limits: {
          perAddress: config.CONNECTIONS_PER_ADDRESS,
          // Two descriptors per connection: the client's and the gateway's.
          max: Math.floor(connectionCap(undefined, openFileLimit()) / 2),
          retryAfterSeconds: 2,
        },
        log: (line) => console.log(line),
      });
    } catch (error) {
      console.error(
        `the gateways' front could not listen on PORT ${config.PORT}: ${(error as Error).message}`,
      );
      await supervisor.stop();
      kafka?.stop();
      process.exit(1);
    }
  }

  let stopping = false;
  const stop = async (signal: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping every process…`);
    await front?.close();
    await supervisor.stop();
    kafka?.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT', 0));
  process.once('SIGTERM', () => void stop('SIGTERM', 0));

  const url = `http://localhost:${config.PORT}`;
  const serviceAddresses = [...ports.services.values()].flat().map((p) => `127.0.0.1:${p}`);
  try {
    await waitReady(serviceAddresses, [...gatewayPorts.map((p) => `http://127.0.0.1:${p}`), url]);
  } catch (error) {
    console.error((error as Error).message);
    await stop('not ready', 1);
    return;
  }
  const processes = [...counts.values()].reduce((a, b) => a + b, 0);
  const several = [...counts].filter(([, n]) => n > 1).map(([name, n]) => `${n} × ${name}`);
  console.log(`\n${describeTargets(targets, path.relative(ROOT, targetsFile))}`);
  console.log(
    `\nTouchline stack is ready at ${url} (${processes} processes${several.length ? `: ${several.join(', ')}` : ''}; restarted if they crash)\n`,
  );
}

void main();
