import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import knex from 'knex';
import { createPromiseClient } from '@touchline/kit';
import { freePort } from '@touchline/launcher/src/spawn';
import { SERVICES } from '@touchline/protos';
import type { WalletDefinition } from '@touchline/protos/gen/touchline/wallet/Wallet';
import { ms, percentiles } from './stats';

const ROOT = path.resolve(__dirname, '../../..');
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
/** Concurrency levels (simultaneous players), each run for SECONDS / levels. */
const LEVELS = (process.env.BENCH_LEVELS ?? '2,6,16').split(',').map(Number);
const PLAYERS = Math.max(...LEVELS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** Index of wallet-payments in the launcher's start order (tools/launcher/src/services.ts). */
const WALLET_INDEX = 1;

function psql(sql: string): void {
  execFileSync('psql', [`${PG}/postgres`, '-qAtc', sql], { stdio: 'ignore' });
}

async function startStack(database: string, port: number, grpcBase: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/stack.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: `${PG}/${database}`,
      REDIS_URL: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/11',
      PORT: String(port),
      GRPC_BASE_PORT: String(grpcBase),
      MARKET_HOURS: 'always',
      WELCOME_COINS: '100000000',
      RATE_LIMIT_SCALE: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start:\n${output}`)), 180_000);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output += `${line}\n`;
        if (line.includes('stack is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
    child.once('exit', () => reject(new Error(`stack exited:\n${output}`)));
  });
  return { child, output: () => output };
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
  const database = `touchline_bench_${Date.now()}`;
  psql(`create database ${database}`);
  const port = await freePort();
  // Below the ephemeral port range (32768+), where outgoing connections could already hold a port.
  const grpcBase = 21000 + Math.floor(Math.random() * 5000);
  const stack = await startStack(database, port, grpcBase);
  const url = `http://127.0.0.1:${port}`;
  const db = knex({ client: 'pg', connection: `${PG}/${database}`, pool: { min: 0, max: 2 } });
  try {
    const cookies: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const res = await fetch(`${url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `trader${i}@bench.example`, password: 'bench-trader' }),
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
    // Each player gets its own slice of the market's supply, so contention comes from the system, not the script.
    const supply = (
      (await db('cards_market.cards').where({ owner_id: 0 }).orderBy('id').select('id')) as { id: number }[]
    ).map((r) => r.id);
    const slices = ids.map((_, i) => supply.filter((_, j) => j % PLAYERS === i));

    const cursor = slices.map(() => 0);
    let bestRate = 0;
    console.log(
      `bench:market (stack: 8 services + gateway processes, Postgres, Redis, Kafka mock; ${SECONDS} s in ${LEVELS.length} levels)`,
    );
    for (const level of LEVELS) {
      const buys: Sample[] = [];
      const sells: Sample[] = [];
      const statuses = new Map<number, number>();
      const deadline = Date.now() + (SECONDS / LEVELS.length) * 1000;
      const started = Date.now();
      await Promise.all(
        cookies.slice(0, level).map(async (cookie, i) => {
          const mine = slices[i]!;
          while (Date.now() < deadline && cursor[i]! < mine.length) {
            const cardId = mine[cursor[i]!++]!;
            const t0 = performance.now();
            const res = await fetch(`${url}/api/market/buy/${cardId}`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: '{}',
            });
            const body = (await res.json()) as { card?: { player: { currentPrice: number } } };
            buys.push({ ms: performance.now() - t0, ok: res.status === 200 });
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            if (res.status !== 200 || cursor[i]! % 2 !== 0) continue;
            const t1 = performance.now();
            const sell = await fetch(`${url}/api/market/sell/${cardId}`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ price: body.card!.player.currentPrice }),
            });
            await sell.arrayBuffer();
            sells.push({ ms: performance.now() - t1, ok: sell.status === 200 });
            statuses.set(sell.status, (statuses.get(sell.status) ?? 0) + 1);
          }
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      const okBuys = buys.filter((b) => b.ok).length;
      const rate = okBuys / elapsed;
      bestRate = Math.max(bestRate, rate);
      const buyP = percentiles(buys.map((b) => b.ms));
      const sellP = percentiles(sells.map((x) => x.ms));
      const errors = [...buys, ...sells].filter((x) => !x.ok).length;
      console.log(
        `  ${String(level).padStart(2)} players: ${rate.toFixed(1).padStart(5)} buys/s  buy p50 ${ms(buyP.p50)} p95 ${ms(buyP.p95)} p99 ${ms(buyP.p99)} | sell p50 ${ms(sellP.p50)} p99 ${ms(sellP.p99)} | errors ${errors} ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    }
    const wallet = createPromiseClient<WalletDefinition>(
      SERVICES['wallet-payments'].definition(),
      `127.0.0.1:${grpcBase + WALLET_INDEX}`,
      { defaultTimeoutMs: 60_000 },
    );
    const audit = await wallet.VerifyLedger({});
    wallet.close();
    console.log(
      `  ledger audit: ${audit.ok ? 'ok' : 'FAILED'} (total ${audit.total}, mismatches ${audit.mismatches.length}, negative users ${audit.negativeUserAccounts})`,
    );
    const buysPerSecond = bestRate;

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
    stack.child.kill('SIGTERM');
    await new Promise((r) => stack.child.once('exit', r));
    psql(`drop database if exists ${database} with (force)`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
