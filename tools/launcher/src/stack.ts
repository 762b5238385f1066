import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { addrEnvName, loadConfig, optionalEnv } from '@touchline/kit';
import {
  kafkaMockAvailable,
  KAFKA_MOCK_INSTALL_HINT,
  startKafkaMock,
  type KafkaMock,
} from '@touchline/kit/src/testing/kafka-mock';
import { TOPICS } from '@touchline/protos';
import { buildIfMissing, ROOT, WEB_DIST } from './build-if-missing';
import { SERVICE_MODULES } from './services';

const stackConfig = z.object({
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: 'set DATABASE_URL=postgres://… (the stack runs on real Postgres)',
  }),
  REDIS_URL: optionalEnv(z.url({ protocol: /^rediss?$/ })),
  KAFKA_BROKERS: optionalEnv(z.string()),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  GRPC_BASE_PORT: z.coerce.number().int().min(1024).max(65000).default(50051),
  LOG_LEVEL: z.string().default('info'),
});

function run(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return child;
}

async function waitReady(url: string, children: ChildProcess[]): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (children.some((c) => c.exitCode !== null))
      throw new Error('a process exited during start-up (see its log above)');
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the stack did not become ready within 2 minutes');
}

/**
 * `npm run stack` (design.md section 2, mode 2): each service and the gateway in its own process on
 * real Postgres and Redis, events over Kafka. Without KAFKA_BROKERS it starts librdkafka's mock
 * cluster in this process and declares every topic of the catalogue, as the platform would.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(stackConfig);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  buildIfMissing();

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

  const addresses = Object.fromEntries(
    SERVICE_MODULES.map((m, i) => [addrEnvName(m.name), `127.0.0.1:${config.GRPC_BASE_PORT + i}`]),
  );
  const common = {
    ...process.env,
    ...addresses,
    DATABASE_URL: config.DATABASE_URL,
    KAFKA_BROKERS: brokers,
    REDIS_URL: config.REDIS_URL ?? '',
    LOG_LEVEL: config.LOG_LEVEL,
  };
  const children = SERVICE_MODULES.map((m, i) =>
    run(m.name, `services/${m.name}/src/main.ts`, {
      ...common,
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: String(config.GRPC_BASE_PORT + i),
      OTEL_SERVICE_NAME: m.name,
    }),
  );
  children.push(
    run('gateway', 'gateway/src/main.ts', {
      ...common,
      PORT: String(config.PORT),
      WEB_DIST,
      COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
      OTEL_SERVICE_NAME: 'gateway',
    }),
  );

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))),
    );
    kafka?.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  const url = `http://localhost:${config.PORT}`;
  try {
    await waitReady(url, children);
  } catch (error) {
    console.error((error as Error).message);
    await stop(1);
    return;
  }
  console.log(`\nTouchline stack is ready at ${url} (${children.length} processes)\n`);
  for (const child of children) child.once('exit', () => void stop(1));
}

void main();
