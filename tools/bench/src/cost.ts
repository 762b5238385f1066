import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eventSchemas, settle } from './cost/events';
import { metricsAddresses } from './cost/grpc-calls';
import { KINDS, READ_FACTOR, type CostContext } from './cost/kinds';
import { Meter, perOperation, total, type Usage } from './cost/meter';
import { PgStatementCounter } from './cost/pg-counter';
import { RedisCommandCounter } from './cost/redis-counter';
import { details, table, type Row } from './cost/table';
import { send, signUp, type Op } from './cost/users';
import { HttpDriver, type DriverAnswer } from './http-driver';
import { signalTree } from './proc';
import { dropBenchData, exitAfter, PG, profilingEnv, startStack, type BenchStack } from './stack';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Operations per kind of change (reads: READ_FACTOR times as many). */
const OPERATIONS = env('BENCH_OPS', 200);
/** Requests in flight at once: a few players, so that the figures are of the path, not of a queue. */
const CONCURRENCY = env('BENCH_CONCURRENCY', 4);
const USERS = env('BENCH_USERS', 50);
const IDLE_SECONDS = env('BENCH_IDLE_SECONDS', 15);
/** Only the kinds whose names contain one of these (comma-separated); all by default. */
const ONLY = process.env.BENCH_KINDS?.split(',').map((k) => k.trim().toLowerCase());
/** Ports of this bench's own: the gateway, the services' gRPC, their metrics and the Postgres proxy. */
process.env.BENCH_PORT ??= '28080';
process.env.BENCH_GRPC_BASE ??= '28100';
const METRICS_BASE = env('BENCH_METRICS_BASE', 28150);
const PG_PROXY_PORT = env('BENCH_PG_PROXY_PORT', 28190);
const REDIS_URL = process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/3';
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** BENCH_SQL_TEXTS=1: also list each kind's statements by service and text, per operation. */
const SQL_TEXTS = process.env.BENCH_SQL_TEXTS === '1';
/** Roles are cluster-wide: this run's own, dropped at the end (as the crowd and chaos runs do). */
const ROLE_PREFIX = `touchline_cost_${Date.now().toString(36)}_`;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs the operations CONCURRENCY at a time; the answers in the operations' order. */
async function run(ctx: CostContext, ops: readonly Op[], keep: boolean): Promise<DriverAnswer[]> {
  const answers = new Array<DriverAnswer>(ops.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ops.length) {
        const i = next++;
        answers[i] = await send(ctx.driver, ops[i]!, keep);
      }
    }),
  );
  return answers;
}

/** A role's statements under its service's schema name (the run's role prefix dropped). */
function byService(usage: Usage): Usage {
  const service = (key: string) => (key.startsWith(ROLE_PREFIX) ? key.slice(ROLE_PREFIX.length) : key);
  return {
    ...usage,
    sql: new Map([...usage.sql].map(([role, n]) => [service(role), n])),
    sqlTexts: new Map([...usage.sqlTexts].map(([key, n]) => [service(key), n])),
  };
}

/**
 * `npm run bench:cost` (issue 41, "Know the cost of each operation"): the stack on a fresh database,
 * and per kind of request (a shared read answered 304 and 200, per-user reads, a buy, a sell, a pack,
 * a trade's accept, a mission's claim) a few hundred operations, each prepared to succeed, a few at
 * a time. Per operation it prints the CPU milliseconds of every process and of Postgres (less the
 * idle stack's over the same time) and the round trips: gRPC calls the services answered, SQL
 * statements, Redis commands, events written and deliveries handled.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-cost-'));
  const target = new URL(PG);
  const sql = new PgStatementCounter({ host: target.hostname, port: Number(target.port || 5432) }, SQL_TEXTS);
  const redis = new RedisCommandCounter(REDIS_URL);
  let stack: BenchStack | undefined;
  let db: pg.Client | undefined;
  let driver: HttpDriver | undefined;
  let stopping: Promise<void> | undefined;
  const cleanUp = () =>
    (stopping ??= (async () => {
      driver?.close();
      await db?.end().catch(() => undefined);
      await stack?.stop();
      await sql.close();
      redis.stop();
      await dropBenchData(ROLE_PREFIX, dataDir);
    })());
  await exitAfter(
    async (fail) => {
      const proxied = await sql.listen(PG_PROXY_PORT);
      await redis.start();
      stack = await startStack(
        {
          // BENCH_CPU_PROF=<dir>: a CPU profile of every process over each kind's window (a later kind's
          // overwrites an earlier one's: profile one kind at a time, with BENCH_KINDS).
          ...profilingEnv(PROFILE_DIR),
          REDIS_URL,
          DB_ROLE_PREFIX: ROLE_PREFIX,
          DATA_DIR: dataDir,
          METRICS_BASE_PORT: String(METRICS_BASE),
          // No session renewal and no price tick inside a window: neither is a cost of the operation.
          SESSION_TOKEN_TTL_SECONDS: '86400',
          PRICE_TICK_INTERVAL_MS: String(24 * 3600_000),
          ...profilingEnv(PROFILE_DIR),
        },
        { databasePrefix: process.env.BENCH_DB_PREFIX ?? 'touchline_cost', pg: proxied },
      );
      db = new pg.Client({ connectionString: `${PG}/${stack.database}` });
      await db.connect();
      const ownBackendPid = (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      driver = new HttpDriver(stack.url);
      console.log(
        `bench:cost (stack: 8 services + gateway, Postgres, Redis db ${redis.database}, Kafka mock; ${OPERATIONS} operations per change, ${OPERATIONS * READ_FACTOR} per read, ${CONCURRENCY} at a time, ${USERS} players; load average ${load()})`,
      );
      const users = await signUp(driver, USERS);
      const ctx: CostContext = { driver, db, users, operations: OPERATIONS, spare: new Map(), bought: [] };
      const schemas = await eventSchemas(db);
      const meter = new Meter({
        stackPid: stack.child.pid!,
        database: stack.database,
        db,
        ownBackendPid,
        schemas,
        metrics: metricsAddresses(path.join(dataDir, 'stack/prometheus-targets.json')),
        sql,
        redis,
      });
      await settle(db, schemas);

      // The idle stack, measured as a window is: the rates every window's figures are net of.
      const idleBefore = await meter.start();
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      const idle = meter.usage(idleBefore, await meter.end());
      const perSecond = (m: Map<string, number>) => (total(m) / idle.seconds).toFixed(1);
      const idleCpu = [...idle.cpu].sort((a, b) => b[1] - a[1]);
      console.log(
        `  idle, per second (subtracted below): ${perSecond(idle.cpu)} ms CPU (${idleCpu
          .map(([k, v]) => `${k} ${(v / idle.seconds).toFixed(0)}`)
          .join(
            ', ',
          )}), ${perSecond(idle.sql)} SQL statements, ${perSecond(idle.redis)} Redis commands, ${perSecond(idle.grpc)} gRPC calls`,
      );

      const rows: Row[] = [];
      for (const kind of KINDS) {
        if (ONLY && !ONLY.some((k) => kind.name.toLowerCase().includes(k))) continue;
        const ops = await kind.prepare(ctx);
        if (ops.length === 0) {
          console.log(`  ${kind.name}: nothing to do (skipped)`);
          continue;
        }
        // A read can be sent again: a fifth of them first, unmeasured, so that the window is of warm
        // code (the JIT, the gateway's shared answers and memos), as in a running stack.
        if (kind.read) await run(ctx, ops.slice(0, Math.ceil(ops.length / 5)), false);
        await settle(db, schemas);
        const before = await meter.start();
        if (PROFILE_DIR) signalTree(stack.child.pid!, 'SIGUSR2'); // start profiling
        const answers = await run(ctx, ops, kind.keep === true);
        if (!kind.read) await settle(db, schemas);
        if (PROFILE_DIR) signalTree(stack.child.pid!, 'SIGUSR2'); // stop and write the profiles
        const usage = meter.usage(before, await meter.end());
        kind.after?.(ctx, ops, answers);
        const unexpected = new Map<number, number>();
        for (const a of answers)
          if (!kind.expect.includes(a.status)) unexpected.set(a.status, (unexpected.get(a.status) ?? 0) + 1);
        const failed = [...unexpected].map(([s, n]) => `${n} × ${s}`).join(', ');
        if (failed) fail();
        const row = {
          kind: kind.name,
          operations: ops.length,
          failed,
          perOp: byService(perOperation(usage, idle, ops.length)),
        };
        rows.push(row);
        console.log(
          `  ${kind.name}: ${ops.length} in ${usage.seconds.toFixed(1)} s${failed ? `, not as expected: ${failed}` : ''}; load average ${load()}`,
        );
      }
      console.log(
        `\nper operation: CPU ms (total, then by process; pg = Postgres backends), then round trips\n`,
      );
      console.log(table(rows));
      console.log(`\n${details(rows)}`);
      console.log(
        `\ntargets (issue 41, CPU of all processes and Postgres): shared read 304 ≤ 0.2 ms, per-user read ≤ 1 ms, buy ≤ 6 ms; load average ${load()}`,
      );
    },
    cleanUp,
    () => stack,
  );
}

void main();
