import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { dropRoles } from '@touchline/chaos/roles';
import { freePort } from '@touchline/launcher/spawn';

export const ROOT = path.resolve(__dirname, '../../..');
export const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
/** Databases the benches create are named with this prefix and a timestamp, and dropped at the end. */
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? 'touchline_bench';
/** Index of a service in the launcher's start order (tools/launcher/src/services.ts). */
export const GRPC_INDEX = { identity: 0, wallet: 1, cardsMarket: 2 } as const;

export function psql(database: string, sql: string): string {
  return execFileSync('psql', [`${PG}/${database}`, '-qAtc', sql], { encoding: 'utf8' });
}

export interface BenchStack {
  child: ChildProcess;
  database: string;
  url: string;
  grpcBase: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * With a profile directory: the environment that makes every process of the stack load the CPU
 * profiler (cpu-profiler.mjs: SIGUSR2 starts and stops it; summarise with profile-summary.ts).
 * Creates the directory: the processes write into it and would fail on a missing one.
 */
export function profilingEnv(profileDir: string | undefined): Record<string, string> {
  if (!profileDir) return {};
  mkdirSync(profileDir, { recursive: true });
  return {
    NODE_OPTIONS: `--import ${path.join(__dirname, 'cpu-profiler.mjs')}`,
    BENCH_CPU_PROF_DIR: path.resolve(profileDir),
  };
}

/**
 * `npm run stack` (one process per service and the gateway, real Postgres and Redis, Kafka mock) on
 * a fresh database, resolved once it prints that it is ready. `stop()` ends it and drops the database.
 */
export async function startStack(
  env: Record<string, string> = {},
  options: {
    databasePrefix?: string;
    /** The Postgres server the stack connects to, when not PG (bench:cost's statement-counting proxy). */
    pg?: string;
  } = {},
): Promise<BenchStack> {
  const database = `${options.databasePrefix ?? DB_PREFIX}_${Date.now()}`;
  psql('postgres', `create database ${database}`);
  // BENCH_LOG_STATEMENTS=1: Postgres logs every statement of this database (to count them per service).
  if (process.env.BENCH_LOG_STATEMENTS === '1')
    psql('postgres', `alter database ${database} set log_statement = 'all'`);
  // BENCH_PORT: the gateway's port, for benches that must keep to a range of ports of their own.
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  // Below the ephemeral port range (32768+), where outgoing connections could already hold a port.
  const grpcBase = Number(process.env.BENCH_GRPC_BASE ?? 21000 + Math.floor(Math.random() * 5000));
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/stack.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `${options.pg ?? PG}/${database}`,
      REDIS_URL: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/11',
      PORT: String(port),
      GRPC_BASE_PORT: String(grpcBase),
      MARKET_HOURS: 'always',
      WELCOME_COINS: '100000000',
      // The embedded app's demo squad challenges, so the crowd's players can complete some.
      DEMO_CHALLENGES: 'true',
      // No Stripe key: test payments, which the wallet takes only when told.
      PAYMENTS_MODE: 'test',
      RATE_LIMIT_SCALE: '100000',
      LOG_LEVEL: 'warn',
      // As deployed (the image's NODE_ENV): development's checks, such as deep-freezing every shared
      // answer (kit's frozen.ts), cost 1.3% of the gateway's CPU in a crowd and are not what players get.
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // However this process ends (an error, a signal during the start), the stack does not outlive it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start:\n${output}`)), 180_000);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output += `${line}\n`;
        // BENCH_STACK_LOG=<file>: the stack's output, to find why an answer was not the one expected.
        if (process.env.BENCH_STACK_LOG) appendFileSync(process.env.BENCH_STACK_LOG, `${line}\n`);
        if (line.includes('stack is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    child.once('exit', () => reject(new Error(`stack exited:\n${output}`)));
  });
  try {
    await ready;
  } catch (error) {
    // Not ready: stop what did start and drop the database, so that a failed bench leaves nothing behind.
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    psql('postgres', `drop database if exists ${database} with (force)`);
    throw error;
  }
  return {
    child,
    database,
    url: `http://127.0.0.1:${port}`,
    grpcBase,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      // BENCH_KEEP_DB=1 keeps the database to read afterwards (which events a kind wrote, say).
      if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${database}`);
      else psql('postgres', `drop database if exists ${database} with (force)`);
    },
  };
}

/** Signs players up through the gateway; returns their cookies and ids once each has its welcome coins. */
export async function signUp(url: string, count: number, prefix: string) {
  const cookies: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${prefix}${i}@bench.example`, password: 'bench-trader' }),
    });
    cookies.push((res.headers.get('set-cookie') ?? '').split(';')[0]!);
    ids.push(((await res.json()) as { id: number }).id);
  }
  // Wait until every welcome grant arrived over Kafka.
  for (const cookie of cookies) {
    for (let t = 0; t < 100; t++) {
      const balance = (await (await fetch(`${url}/api/user/balance`, { headers: { cookie } })).json()) as {
        coins: number;
      };
      if (balance.coins > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { cookies, ids };
}

/** Drops the bench's service roles and its data directory. */
export async function dropBenchData(rolePrefix: string, dataDir: string): Promise<void> {
  await dropRoles(`${PG}/postgres`, rolePrefix);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Runs a bench's body, which calls `fail` when something it checked did not hold; a throw also prints
 * the stack's last lines. Ctrl-C or a kill meanwhile cleans up too. Then it cleans up and exits 0 or 1.
 */
export async function exitAfter(
  body: (fail: () => void) => Promise<void>,
  cleanUp: () => Promise<void>,
  stackOf: () => BenchStack | undefined,
): Promise<never> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the stack and dropping its database`);
      void cleanUp().finally(() => process.exit(130));
    });
  let ok = true;
  try {
    await body(() => (ok = false));
  } catch (error) {
    ok = false;
    console.error(error);
    const stack = stackOf();
    if (stack) console.error(`last lines of the stack:\n${stack.output().split('\n').slice(-30).join('\n')}`);
  } finally {
    await cleanUp();
  }
  process.exit(ok ? 0 : 1);
}
