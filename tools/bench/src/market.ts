import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import knex from 'knex';
import { createPromiseClient } from '@touchline/kit';
import { SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { HttpDriver } from './http-driver';
import { cpuMsBetween, cpuMsByLabel, cpuMsByPid, postgresCpuMs, signalTree } from './proc';
import { GRPC_INDEX, PG, profilingEnv, psql, signUp, startStack } from './stack';
import { ms, percentiles } from './stats';

/** Concurrency levels (simultaneous players), each run for SECONDS / levels. */
const LEVELS = (process.env.BENCH_LEVELS ?? '2,6,16').split(',').map(Number);
const PLAYERS = Math.max(...LEVELS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

/** Transactions committed in a database so far (pg_stat_database; its counters lag by up to 0.5 s). */
function commits(database: string): number {
  return Number(
    psql(database, `select xact_commit from pg_stat_database where datname = current_database()`),
  );
}

/**
 * BENCH_BARRIER=<dir> with BENCH_PARTIES=<n> (set by market-ab.ts): benches of other checkouts run
 * beside this one, and each starts its load only once all n stacks are up, so that they share the
 * machine's pace of the same minutes.
 */
async function waitForTheOthers(): Promise<void> {
  const dir = process.env.BENCH_BARRIER;
  if (!dir) return;
  const parties = Number(process.env.BENCH_PARTIES ?? 2);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, String(process.pid)), '');
  while (readdirSync(dir).length < parties) await new Promise((r) => setTimeout(r, 100));
}

interface Sample {
  ms: number;
  ok: boolean;
}

/**
 * `npm run bench:market`: the stack (one process per service, real Postgres and Redis, Kafka) on a
 * fresh database; N players buy market cards and list them for sale through the gateway for 30 s.
 * Prints buys per second, latency percentiles, errors and the ledger audit, then pgbench's TPC-B
 * on the same Postgres for scale.
 */
async function main(): Promise<void> {
  // BENCH_CPU_PROF=<dir>: every process of the stack writes a V8 CPU profile there when it stops
  // (summarise them with `node --import tsx tools/bench/src/profile-summary.ts <dir>`).
  const profileDir = process.env.BENCH_CPU_PROF;
  const stack = await startStack(profilingEnv(profileDir));
  const { url, database, grpcBase } = stack;
  const db = knex({ client: 'pg', connection: `${PG}/${database}`, pool: { min: 0, max: 2 } });
  try {
    const { cookies, ids } = await signUp(url, PLAYERS, 'trader');
    // Each player gets its own slice of the market's supply, so contention comes from the system, not the script.
    const supply = (
      (await db('cards_market.cards').where({ owner_id: 0 }).orderBy('id').select('id')) as { id: number }[]
    ).map((r) => r.id);
    const slices = ids.map((_, i) => supply.filter((_, j) => j % PLAYERS === i));
    await waitForTheOthers();

    // What the stack burns doing nothing (pollers, health checks, Kafka fetches, jobs): part of every figure below.
    const idleBefore = cpuMsByPid(stack.child.pid!);
    const idlePgBefore = postgresCpuMs(database);
    const idleStarted = performance.now();
    await new Promise((r) => setTimeout(r, 5_000));
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleMs = cpuMsBetween(idleBefore, cpuMsByPid(stack.child.pid!)) / idleSeconds;
    const idlePgMs = cpuMsBetween(idlePgBefore, postgresCpuMs(database)) / idleSeconds;
    const cursor = slices.map(() => 0);
    const driver = new HttpDriver(url);
    let bestRate = 0;
    console.log(
      `bench:market (stack: 8 services + gateway processes, Postgres, Redis, Kafka mock; ${SECONDS} s in ${LEVELS.length} levels)`,
    );
    console.log(
      `  idle        : ${idleMs.toFixed(0)} ms CPU per second in the stack, ${idlePgMs.toFixed(0)} ms in Postgres (no requests)`,
    );
    for (const level of LEVELS) {
      const buys: Sample[] = [];
      const sells: Sample[] = [];
      const statuses = new Map<number, number>();
      const deadline = Date.now() + (SECONDS / LEVELS.length) * 1000;
      const started = Date.now();
      const cpuBefore = cpuMsByPid(stack.child.pid!);
      const driverBefore = process.cpuUsage();
      if (profileDir) signalTree(stack.child.pid!, 'SIGUSR2'); // start profiling
      const pgBefore = postgresCpuMs(database);
      const commitsBefore = commits(database);
      await Promise.all(
        cookies.slice(0, level).map(async (cookie, i) => {
          const mine = slices[i]!;
          while (Date.now() < deadline && cursor[i]! < mine.length) {
            const cardId = mine[cursor[i]!++]!;
            const t0 = performance.now();
            const res = await driver.post(`/api/market/buy/${cardId}`, cookie, '{}');
            buys.push({ ms: performance.now() - t0, ok: res.status === 200 });
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status !== 200 || cursor[i]! % 2 !== 0) continue;
            const body = JSON.parse(res.text) as { card: { player: { currentPrice: number } } };
            const t1 = performance.now();
            const sell = await driver.post(
              `/api/market/sell/${cardId}`,
              cookie,
              JSON.stringify({ price: body.card.player.currentPrice }),
            );
            sells.push({ ms: performance.now() - t1, ok: sell.status === 200 });
            statuses.set(sell.status, (statuses.get(sell.status) ?? 0) + 1);
          }
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      if (profileDir) signalTree(stack.child.pid!, 'SIGUSR2'); // stop and write the profiles
      const okBuys = buys.filter((b) => b.ok).length;
      // Each buy here also brings half a sell: the CPU per buy is of a buy and its share of sells.
      const cpuAfter = cpuMsByPid(stack.child.pid!);
      // This script's own CPU (fetch, JSON): it shares the cores with the stack but is in no figure above.
      const driverCpu = process.cpuUsage(driverBefore);
      const commitsPerBuy = (commits(database) - commitsBefore) / okBuys;
      const cpuPerBuy = cpuMsBetween(cpuBefore, cpuAfter) / okBuys;
      const pgPerBuy = cpuMsBetween(pgBefore, postgresCpuMs(database)) / okBuys;
      const rate = okBuys / elapsed;
      bestRate = Math.max(bestRate, rate);
      const buyP = percentiles(buys.map((b) => b.ms));
      const sellP = percentiles(sells.map((x) => x.ms));
      const errors = [...buys, ...sells].filter((x) => !x.ok).length;
      console.log(
        `  ${String(level).padStart(2)} players: ${rate.toFixed(1).padStart(5)} buys/s  buy p50 ${ms(buyP.p50)} p95 ${ms(buyP.p95)} p99 ${ms(buyP.p99)} | sell p50 ${ms(sellP.p50)} p99 ${ms(sellP.p99)} | CPU/buy ${cpuPerBuy.toFixed(1)} ms stack + ${pgPerBuy.toFixed(1)} ms Postgres | errors ${errors} ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      console.log(
        `              ${commitsPerBuy.toFixed(1)} Postgres commits per buy; CPU per buy by process: ${cpuMsByLabel(
          cpuBefore,
          cpuAfter,
        )
          .filter(([, total]) => total / okBuys >= 0.5)
          .map(([name, total]) => `${name} ${(total / okBuys).toFixed(1)}`)
          .join(
            ', ',
          )} ms; the load driver ${((driverCpu.user + driverCpu.system) / 1000 / okBuys).toFixed(1)} ms`,
      );
    }
    driver.close();
    const wallet = createPromiseClient<WalletDefinition>(
      SERVICES['wallet-payments'].definition(),
      `127.0.0.1:${grpcBase + GRPC_INDEX.wallet}`,
      { defaultTimeoutMs: 60_000 },
    );
    const audit = await wallet.VerifyLedger({});
    wallet.close();
    console.log(
      `  ledger audit: ${audit.ok ? 'ok' : 'FAILED'} (total ${audit.total}, mismatches ${audit.mismatches.length}, negative users ${audit.negativeUserAccounts})`,
    );
    const buysPerSecond = bestRate;
    // Side by side (market-ab.ts), pgbench would share the machine with the other bench's pgbench.
    if (process.env.BENCH_PGBENCH === 'off') return;

    execFileSync('pgbench', ['-i', '-q', '-s', '1', `${PG}/${database}`], { stdio: 'ignore' });
    const pgbench = execFileSync(
      'pgbench',
      ['-c', String(PLAYERS), '-j', '2', '-T', '10', `${PG}/${database}`],
      { encoding: 'utf8' },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(pgbench)?.[1] ?? NaN);
    console.log(`  pgbench     : TPC-B ${tps.toFixed(0)} tps with ${PLAYERS} clients on the same Postgres`);
    console.log(
      `  ratio       : best ${buysPerSecond.toFixed(1)} buys/s = ${((buysPerSecond / tps) * 100).toFixed(1)}% of pgbench tps (one buy = 4 transactions in 2 services, 3 gRPC hops, 3 events)`,
    );
  } finally {
    await db.destroy();
    await stack.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
