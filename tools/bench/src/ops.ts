import { fork } from 'node:child_process';
import path from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import pg from 'pg';
import { createPostgresDatabase, createPromiseClient, type BusMessage, type EventBus } from '@touchline/kit';
import { createKafkaBus } from '@touchline/kit/kafka-bus';
import { silentLogger } from '@touchline/kit/testing';
import { startKafkaMock } from '@touchline/kit/testing/kafka-mock';
import { HttpDriver } from './http-driver';
import { cpuMsBetween, cpuMsByPid, postgresCpuMs } from './proc';
import { PG, psql } from './stack';

/**
 * `npm run bench:ops`: what one operation of the platform costs in CPU on this machine, with no
 * business logic around it: an HTTP request through express (the server's side), a gRPC unary call
 * (both sides), a Postgres statement and a transaction's BEGIN and COMMIT through kit's knex (client
 * and backend), the same through pg alone, and an event through Kafka for each consumer group. A
 * buy's CPU is close to the sum of its operations times these costs (docs/performance.md), so they
 * say what any rewrite that keeps the operations can save.
 */
const CONCURRENCY = 16;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** This process's CPU milliseconds so far, as proc.ts's snapshots give other processes'. */
function ownCpu(): Map<number, number> {
  return new Map([[process.pid, cpuMs()]]);
}

/** Runs `op` n times, CONCURRENCY at once. */
async function concurrently(n: number, op: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await op(next++);
    }),
  );
}

/**
 * CPU milliseconds per op of the processes `cpu` snapshots (by pid), over n runs after a warm-up
 * that opens every connection of a pool and prepares every statement.
 */
async function perOp(
  n: number,
  op: (i: number) => Promise<unknown>,
  cpu: () => Map<number, number>,
): Promise<number> {
  await concurrently(400, op);
  const before = cpu();
  await concurrently(n, op);
  return cpuMsBetween(before, cpu()) / n;
}

const ROUNDS = 5;

/** The median of ROUNDS measurements of each variant, taken in turns so that drift in the machine's pace hits all alike. */
async function inTurns<T extends string>(
  variants: Record<T, () => Promise<number>>,
): Promise<Record<T, number>> {
  const seen = Object.fromEntries(Object.keys(variants).map((k) => [k, [] as number[]])) as Record<
    T,
    number[]
  >;
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, measure] of Object.entries(variants) as [T, () => Promise<number>][])
      seen[name].push(await measure());
  return Object.fromEntries(
    Object.entries(seen).map(([k, v]) => [k, (v as number[]).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!]),
  ) as Record<T, number>;
}

function report(what: string, perOp: number): void {
  console.log(`  ${what.padEnd(50)} ${perOp.toFixed(3).padStart(6)} ms CPU`);
}

/**
 * An HTTP request (the server's CPU only: the client is the load driver, not the stack) and a gRPC
 * call (both sides' CPU: in the stack both are services), each to a server in another process.
 */
async function requestsAndCalls(): Promise<void> {
  const server = fork(path.join(__dirname, 'ops-server.ts'), { execArgv: ['--import', 'tsx'] });
  const serverCpu = () => cpuMsByPid(server.pid!);
  try {
    const ports = await new Promise<{ http: number; grpc: number }>((resolve) =>
      server.once('message', (m) => resolve(m as { http: number; grpc: number })),
    );
    const driver = new HttpDriver(`http://127.0.0.1:${ports.http}`);
    const client = createPromiseClient<unknown>(
      healthService as grpc.ServiceDefinition,
      `127.0.0.1:${ports.grpc}`,
    ) as unknown as { Check(r: { service: string }): Promise<unknown>; close(): void };
    const n = 5_000;
    const t = await inTurns({
      http: () => perOp(n, (i) => driver.post(`/api/market/buy/${i}`, 'session=abc', '{}'), serverCpu),
      grpc: () =>
        perOp(
          n,
          () => client.Check({ service: '' }),
          () => new Map([...ownCpu(), ...serverCpu()]),
        ),
    });
    report('HTTP request through express (server)', t.http);
    report('gRPC unary call (client and server)', t.grpc);
    driver.close();
    client.close();
  } finally {
    server.disconnect();
  }
}

/**
 * Transactions of 1 and of 9 one-row updates: the difference is eight statements, the rest of the
 * one-statement transaction is its BEGIN and COMMIT. Client CPU plus the backends' CPU.
 */
async function statements(database: string): Promise<void> {
  const url = `${PG}/${database}`;
  psql(database, `create table ops (id int primary key, n int not null default 0)`);
  psql(database, `insert into ops (id) select generate_series(1, 1000)`);
  const row = (i: number, j: number) => ((i * 7 + j * 131) % 1000) + 1;
  const n = 2_000;
  const measure = (run: (i: number) => Promise<unknown>) => () =>
    perOp(n, run, () => new Map([...ownCpu(), ...postgresCpuMs(database)]));

  const db = createPostgresDatabase(url, 'public', CONCURRENCY);
  const knexTx = (k: number) => (i: number) =>
    db.transaction(async (trx) => {
      for (let j = 0; j < k; j++)
        await trx('ops')
          .where({ id: row(i, j) })
          .increment('n', 1);
    });
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  const pgTx = (k: number) => async (i: number) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (let j = 0; j < k; j++)
        await client.query({
          name: 'bump',
          text: 'update ops set n = n + 1 where id = $1',
          values: [row(i, j)],
        });
      await client.query('commit');
    } finally {
      client.release();
    }
  };
  try {
    const t = await inTurns({
      knexOne: measure(knexTx(1)),
      knexNine: measure(knexTx(9)),
      pgOne: measure(pgTx(1)),
      pgNine: measure(pgTx(9)),
    });
    const knexStatement = (t.knexNine - t.knexOne) / 8;
    const pgStatement = (t.pgNine - t.pgOne) / 8;
    report('statement through knex (client and Postgres)', knexStatement);
    report("  a knex transaction's BEGIN and COMMIT", t.knexOne - knexStatement);
    report('statement through pg alone (client and Postgres)', pgStatement);
    report("  a pg transaction's BEGIN and COMMIT", t.pgOne - pgStatement);
  } finally {
    await db.destroy();
    await pool.end();
  }
}

/**
 * Events published in batches of four (as the relay does under load), with no consumer and with two
 * consumer groups whose batch handlers do nothing: half the difference is one group's cost per
 * event. Then with groups that also subscribe to seven topics nothing is published on (as a service
 * consumes several topics, each of 3 partitions, and each fetch names them all). Producer,
 * consumers and librdkafka's mock broker all run in this process.
 */
async function events(): Promise<void> {
  const mock = startKafkaMock();
  const payload = Buffer.alloc(160, 1);
  const n = 4_000;
  let run = 0;
  /** `quiet`: topics each group also subscribes to, on which nothing is published. */
  const measure =
    (groups: number, quiet = 0) =>
    async (): Promise<number> => {
      const bus: EventBus = createKafkaBus({
        brokers: [mock.bootstrap],
        clientId: 'ops',
        logger: silentLogger,
      });
      // Topics of its own: a new group reads its topics from the beginning.
      const topic = `ops.event.${++run}`;
      const quietTopics = Array.from({ length: quiet }, (_, i) => `${topic}.quiet.${i}`);
      for (const t of [topic, ...quietTopics]) mock.createTopic(t, 3);
      let seen = 0;
      let done: () => void = () => {};
      const all = new Promise<void>((resolve) => (done = resolve));
      // The warm-up message (each group's first fetch) is not counted.
      const count = async (messages: BusMessage[]) => {
        seen += messages.filter((m) => m.key !== 'warm').length;
        if (seen >= n * groups) done();
      };
      try {
        for (let g = 0; g < groups; g++)
          await bus.subscribe({
            group: `ops-${g}`,
            topics: [topic, ...quietTopics],
            handler: (message) => count([message]),
            batchHandler: count,
          });
        await bus.publish([{ topic, key: 'warm', value: payload, headers: {} }]);
        await new Promise((r) => setTimeout(r, 1_000));
        const before = cpuMs();
        for (let i = 0; i < n; i += 4)
          await bus.publish(
            [0, 1, 2, 3].map((j) => ({
              topic,
              key: `k${i + j}`,
              value: payload,
              headers: { 'event-id': `${i + j}` },
            })),
          );
        if (groups > 0) await all;
        return (cpuMs() - before) / n;
      } finally {
        await bus.close();
      }
    };
  try {
    const t = await inTurns({ none: measure(0), two: measure(2), twoOfEight: measure(2, 7) });
    report('event published (producer and broker)', t.none);
    report('event consumed, per consumer group', (t.two - t.none) / 2);
    report('  by a group that also reads 7 quiet topics', (t.twoOfEight - t.none) / 2);
  } finally {
    mock.stop();
  }
}

async function main(): Promise<void> {
  const database = `touchline_bench_ops_${Date.now()}`;
  psql('postgres', `create database ${database}`);
  // Stopped midway (Ctrl-C, a timeout): the database goes too, as at the end.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      psql('postgres', `drop database if exists ${database} with (force)`);
      process.exit(130);
    });
  console.log(`bench:ops (CPU per operation, no business logic; ${CONCURRENCY} at once)`);
  try {
    await requestsAndCalls();
    await statements(database);
    await events();
  } finally {
    psql('postgres', `drop database if exists ${database} with (force)`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
