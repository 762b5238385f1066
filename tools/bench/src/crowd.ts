import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { seededRandom } from '@touchline/kit';
import { crowdAudit } from './crowd/audit';
import { CrowdPlayer, World } from './crowd/player';
import { report, reportAudit, reportRamp } from './crowd/report';
import { Session } from './crowd/session';
import { LiveStream } from './crowd/stream';
import { Tally } from './crowd/tally';
import { capacity, missedTargets, tooManyRefused } from './crowd/targets';
import { meanThinkMs, type ThinkTime } from './crowd/think';
import { PgStatementCounter } from './cost/pg-counter';
import { HttpDriver } from './http-driver';
import { cpuMsBetween, cpuMsByPid, postgresCpuMs, signalTree } from './proc';
import { dropBenchData, exitAfter, PG, profilingEnv, startStack, type BenchStack } from './stack';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const LEVELS = (process.env.BENCH_LEVELS ?? '100,250,500,1000').split(',').map(Number);
const SECONDS = env('BENCH_SECONDS', 60);
/**
 * The level's new players arrive spread over this many seconds, not in one instant: each one's first
 * move is a full load of the app (a dozen calls), and a level's players all at once queue in a herd
 * that no crowd of people makes. The figures are of the SECONDS after the ramp; the ramp's own
 * failures are printed (and fail CI) too.
 */
const RAMP_SECONDS = env('BENCH_RAMP_SECONDS', 15);
const THINK: ThinkTime = {
  medianMs: env('BENCH_THINK_MEDIAN_MS', 2_000),
  p95Ms: env('BENCH_THINK_P95_MS', 10_000),
};
/**
 * The client gives up after this long: above the gateway's 5-s upstream timeout, so what the gateway
 * answers a request that ran late shows (a read's 503 refusal, a change's 504 or 202 pending).
 */
const TIMEOUT_MS = env('BENCH_TIMEOUT_MS', 10_000);
/** Sign-ups sent at once (not measured): fewer on a loaded machine, where each hashes for seconds. */
const SIGN_UP_PARALLEL = env('BENCH_SIGNUP_PARALLEL', 8);
/**
 * CI mode: exit 1 on any 5xx that is not a refusal (500, 502, 504, a 503 without Retry-After), timeout
 * or lost connection, on refusals (429/503 with Retry-After) of 5% of the requests or more, and on
 * an audit line that is not ok. A refusal is the server shedding load as designed, not a failure.
 */
const CI = process.env.BENCH_CI === '1';
const WELCOME_COINS = 100_000_000;
/**
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of every process of the stack over each level's measured
 * window (after the ramp), written to <dir>; summarise with profile-summary.ts.
 */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/**
 * BENCH_COUNT_SQL=1: the stack reaches Postgres through bench:cost's counting proxy, and each level
 * reports its statements per 1,000 requests by service. A count does not move with the machine's
 * load as CPU does; the proxy's own CPU is the load driver's.
 */
/** BENCH_SQL_TEXTS=1: as BENCH_COUNT_SQL, and each level lists its most run statements by text. */
const SQL_TEXTS = process.env.BENCH_SQL_TEXTS === '1';
const COUNT_SQL = process.env.BENCH_COUNT_SQL === '1' || SQL_TEXTS;
/** Roles are cluster-wide: this run's own, dropped at the end (as the chaos run does). */
const ROLE_PREFIX = `touchline_crowd_${Date.now().toString(36)}_`;

/** A player's client address: distinct per player, so per-address limits count players. */
/** Statements each service sent between two snapshots, by service (its role less the crowd's prefix). */
function statementsBetween(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const sent = new Map<string, number>();
  for (const [role, n] of after) {
    const service = role.startsWith(ROLE_PREFIX) ? role.slice(ROLE_PREFIX.length) : role;
    const count = n - (before.get(role) ?? 0);
    if (count > 0) sent.set(service, (sent.get(service) ?? 0) + count);
  }
  return sent;
}

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

/**
 * `npm run bench:crowd`: the stack (one process per service and the gateway, real Postgres and
 * Redis, Kafka mock) on a fresh database, and a crowd of simulated players at each level of
 * BENCH_LEVELS for BENCH_SECONDS each. Every player signs up, holds a live stream and moves as the
 * web app would (tools/bench/src/crowd/player.ts), a log-normal think time apart. Prints, per level,
 * requests per second, latency per route group, every non-2xx by status, the CPU per 1,000 requests
 * of each process and of Postgres, the targets of issue 28 met or missed; then the ledger and card
 * audit and the capacity: the largest level that met its targets.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-crowd-'));
  let stack: BenchStack | undefined;
  let db: knex.Knex | undefined;
  let driver: HttpDriver | undefined;
  const pgServer = new URL(PG);
  const sql = COUNT_SQL
    ? new PgStatementCounter({ host: pgServer.hostname, port: Number(pgServer.port || 5432) }, SQL_TEXTS)
    : undefined;
  const world = new World();
  let stopping: Promise<void> | undefined;
  const cleanUp = () =>
    (stopping ??= (async () => {
      for (const p of world.players) p.stream?.close();
      driver?.close();
      await db?.destroy();
      await stack?.stop();
      await sql?.close();
      await dropBenchData(ROLE_PREFIX, dataDir);
    })());
  await exitAfter(
    async (fail) => {
      stack = await startStack(
        {
          REDIS_URL: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/15',
          DB_ROLE_PREFIX: ROLE_PREFIX,
          DATA_DIR: dataDir,
          TRUST_PROXY: '1',
          WELCOME_COINS: String(WELCOME_COINS),
          ...profilingEnv(PROFILE_DIR),
        },
        {
          databasePrefix: process.env.BENCH_DB_PREFIX ?? 'touchline_crowd',
          ...(sql ? { pg: await sql.listen(0) } : {}),
        },
      );
      db = knex({ client: 'pg', connection: `${PG}/${stack.database}`, pool: { min: 0, max: 2 } });
      const url = new URL(stack.url);
      // One socket per request in flight, as a crowd of browsers holds.
      const crowdDriver = (driver = new HttpDriver(stack.url, { maxSockets: Infinity }));
      let tally = new Tally();
      const seed = env('BENCH_SEED', Date.now() % 1_000_000);
      const offered = 1000 / meanThinkMs(THINK);
      console.log(
        `bench:crowd (stack: 8 services + gateway, Postgres, Redis, Kafka mock; ${SECONDS} s per level; think time log-normal, median ${THINK.medianMs} ms, p95 ${THINK.p95Ms} ms, mean ${meanThinkMs(THINK).toFixed(0)} ms: ${offered.toFixed(2)} moves/s per player; client timeout ${TIMEOUT_MS} ms; seed ${seed}; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
      );
      // What the stack burns doing nothing (pollers, health checks, Kafka fetches, jobs): part of every CPU figure below.
      const idleBefore = cpuMsByPid(stack.child.pid!);
      const idlePgBefore = postgresCpuMs(stack.database);
      await new Promise((r) => setTimeout(r, 5_000));
      console.log(
        `  idle: ${(cpuMsBetween(idleBefore, cpuMsByPid(stack.child.pid!)) / 5).toFixed(0)} ms CPU per second in the stack, ${(cpuMsBetween(idlePgBefore, postgresCpuMs(stack.database)) / 5).toFixed(0)} ms in Postgres (no players)`,
      );
      const levels: { players: number; missed: string[] }[] = [];
      for (const players of LEVELS) {
        // Sign the new players up (not measured): SIGN_UP_PARALLEL at a time, each then opening its live stream.
        const signUpStarted = Date.now();
        tally = new Tally();
        const fresh: CrowdPlayer[] = [];
        for (let i = world.players.length; i < players; i++) {
          const session = new Session(crowdDriver, `crowd${i}@bench.example`, addressOf(i), TIMEOUT_MS, (o) =>
            tally.add(o),
          );
          // One generator per player, so that a run's choices can be replayed with BENCH_SEED.
          const player = new CrowdPlayer(session, world, seededRandom(seed + i).next);
          fresh.push(player);
        }
        for (let i = 0; i < fresh.length; i += SIGN_UP_PARALLEL) {
          // A sign-up that timed out (hashing the password on a loaded machine) is sent again with its key.
          let batch = fresh.slice(i, i + SIGN_UP_PARALLEL);
          for (let attempt = 1; batch.length > 0; attempt++) {
            const ok = await Promise.all(batch.map((p) => p.session.register()));
            batch = batch.filter((_, j) => !ok[j]);
            if (batch.length > 0 && attempt === 5)
              throw new Error(
                `sign-up failed: ${[...tally.statuses(), ...tally.refusedStatuses().map((s) => `${s} refused`)].join(', ')}`,
              );
            if (batch.length > 0) await new Promise((r) => setTimeout(r, attempt * 2_000));
          }
        }
        await waitForWelcome(fresh);
        for (const p of fresh) {
          p.stream = new LiveStream(url, () => p.session.headers(), p);
          p.stream.open();
          world.players.push(p);
        }
        const signUpSeconds = (Date.now() - signUpStarted) / 1000;

        const rampTally = (tally = new Tally());
        const rampEnds = Date.now() + RAMP_SECONDS * 1000;
        const newcomers = new Set(fresh);
        const running = world.players
          .slice(0, players)
          .map((p) =>
            p.run(rampEnds + SECONDS * 1000, THINK, newcomers.has(p) ? arrivalWithin(rampEnds, p) : 0),
          );
        await new Promise((r) => setTimeout(r, Math.max(0, rampEnds - Date.now())));
        reportRamp(RAMP_SECONDS, rampTally);
        tally = new Tally();
        const cpuBefore = cpuMsByPid(stack.child.pid!);
        const pgBefore = postgresCpuMs(stack.database);
        const driverBefore = process.cpuUsage();
        const sqlBefore = sql?.snapshot();
        const textsBefore = sql?.textSnapshot();
        if (PROFILE_DIR) signalTree(stack.child.pid!, 'SIGUSR2');
        const started = performance.now();
        await Promise.all(running);
        const elapsed = (performance.now() - started) / 1000;
        if (PROFILE_DIR) signalTree(stack.child.pid!, 'SIGUSR2');
        const missed = missedTargets(players, tally);
        levels.push({ players, missed });
        report({
          players,
          tally,
          elapsed,
          signUpSeconds,
          signedUp: fresh.length,
          streams: world.players.map((p) => p.stream!),
          cpuBefore,
          cpuAfter: cpuMsByPid(stack.child.pid!),
          pgBefore,
          pgAfter: postgresCpuMs(stack.database),
          driverCpu: process.cpuUsage(driverBefore),
          ...(sql && sqlBefore ? { sql: statementsBetween(sqlBefore, sql.snapshot()) } : {}),
          ...(SQL_TEXTS && textsBefore
            ? { sqlTexts: statementsBetween(textsBefore, sql!.textSnapshot()) }
            : {}),
          missed,
        });
        const failed = (t: Tally) => t.failed() || tooManyRefused(t);
        if (CI && (failed(tally) || failed(rampTally))) fail();
      }
      for (const p of world.players) p.stream?.close();
      const { lines: audit, settledSeconds } = await crowdAudit(db, WELCOME_COINS);
      console.log(`  settled: the load's open work took ${settledSeconds.toFixed(0)} s to finish`);
      reportAudit(audit);
      const auditOk = audit.every((l) => l.violations.length === 0);
      if (!auditOk) fail();
      const held = capacity(levels, auditOk);
      console.log(
        `  capacity: ${held > 0 ? `${held} players` : 'none of the levels'} met the targets of issue 28 (up to 250 players: no 5xx, refusal or timeout, p99 ≤ 250 ms shared reads, ≤ 400 ms per-user reads, ≤ 600 ms buys/sells/trade answers; beyond: no 5xx but refusals (429/503 with Retry-After), under 5%, and no timeout; the audit exact); load average now ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
    },
    cleanUp,
    () => stack,
  );
}

/** When a new player comes in: uniformly over the ramp that ends at `rampEnds` (from its seeded random). */
function arrivalWithin(rampEnds: number, player: CrowdPlayer): number {
  return rampEnds - RAMP_SECONDS * 1000 * (1 - player.random());
}

/** Until every new player's welcome coins arrived over the bus (its balance is above zero). */
async function waitForWelcome(players: CrowdPlayer[]): Promise<void> {
  for (const p of players)
    for (let t = 0; t < 150; t++) {
      const res = await p.session.call('GET', '/api/user/balance', { keep: true });
      if (res.status === 200 && (JSON.parse(res.text) as { coins: number }).coins > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
}

void main();
