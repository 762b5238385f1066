import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import knex, { type Knex } from 'knex';
import { freePort } from '@touchline/launcher/spawn';
import { MISSIONS } from '@touchline/missions/catalogue';
import { AnswerLog, isUnknown, type Answer } from './answers';
import { auditAnswers } from './audit/answers';
import { auditAuctions } from './audit/auctions';
import { auditCards, auditChallenges, auditOpenWork } from './audit/cards';
import { ChallengeMoves } from './challenges';
import { auditMatchdayRewards } from './audit/matchday';
import { auditLedger, auditMint } from './audit/ledger';
import type { AuditLine } from './audit/line';
import { auditLeaderboard } from './audit/leaderboard';
import { auditLeaderboardCache, type ServedEntry } from './audit/leaderboard-cache';
import { auditSignInMissions } from './audit/mission-sign-in';
import { auditValueMissions } from './audit/mission-value';
import { auditMissions } from './audit/missions';
import { auditNotificationFacts, auditNotificationsPerEvent } from './audit/notifications';
import { Player } from './client';
import { config } from './config';
import { consumerLag } from './consumer-lag';
import { runFaults } from './faults';
import { Dice, sleep } from './random';
import { dropRoles, ROLE_PREFIX, RUN_ROLE_PREFIX } from './roles';
import { Scenario } from './scenario';
import { SERVICES, startStack, type RunningStack } from './stack';
import { printSummary } from './summary';

const BUS_DUPLICATE = /bus chaos: delivered an event twice/;
const BUS_REORDER = /bus chaos: delivered a batch out of order/;
const EXITED = /^\[supervisor\] \S+ exited/;

/** Projections are eventually consistent: re-runs the audit until it holds or a minute has passed. */
async function eventually(audit: () => Promise<AuditLine[]>): Promise<AuditLine[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const lines = await audit();
    if (lines.every((l) => l.violations.length === 0) || Date.now() > deadline) return lines;
    await sleep(5_000);
  }
}

async function register(baseUrl: string, log: AnswerLog, email: string): Promise<Player> {
  const player = new Player(baseUrl, email, 'chaos-player-pass', log);
  // One key for every attempt: a sign-up that got no answer (hashing for seconds on a loaded
  // machine) is sent again and performed once.
  const key = randomUUID();
  const send = () =>
    player.call<{ id: number; username: string }>('auth.register', 'post', '/api/register', {
      body: { email, password: player.password },
      key,
    });
  let res = await send();
  for (let attempt = 1; attempt < 5 && (res.status === 0 || res.status >= 500); attempt++) {
    await sleep(attempt * 2_000);
    res = await send();
  }
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  player.id = res.body.id;
  player.username = res.body.username;
  return player;
}

async function waitForWelcome(players: Player[]): Promise<void> {
  for (const p of players)
    for (let i = 0; i < 300; i++) {
      const res = await fetch(`${p.baseUrl}/api/user/balance`, { headers: { cookie: p.cookie } });
      if (res.ok && ((await res.json()) as { coins: number }).coins > 0) break;
      await sleep(200);
    }
}

/** The board as a player is served it: through the gateway and the leaderboard's cache. */
async function servedBoard(player: Player): Promise<ServedEntry[]> {
  const res = await player.call<ServedEntry[]>('read.leaderboard', 'get', '/api/leaderboard', { key: false });
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`GET /api/leaderboard: ${res.status}`);
  return res.body;
}

/**
 * Until nothing is left open, every consumer group has taken every event and every process
 * answers, or the time is up. Returns the seconds waited.
 */
async function settle(db: Knex, stack: RunningStack): Promise<number> {
  const started = Date.now();
  let calm = 0;
  let lag = new Map<string, number>();
  while (Date.now() - started < config.settleSeconds * 1000) {
    const open = (await auditOpenWork(db))[0]!.violations.length;
    const up = [...SERVICES, 'gateway' as const].every(
      (name) => stack.pids(name).length >= stack.replicas(name),
    );
    const brokers = stack.brokers();
    lag = brokers ? await consumerLag(brokers, [...SERVICES]).catch(() => lag) : lag;
    calm = open === 0 && up && lag.size === 0 ? calm + 1 : 0;
    // Calm three times in a row, 3 s apart: what the last events started has been written too.
    if (calm >= 3) break;
    await sleep(3_000);
  }
  if (lag.size > 0)
    console.log(`chaos: consumers still behind: ${[...lag].map(([g, n]) => `${g} ${n}`).join(', ')}`);
  return (Date.now() - started) / 1000;
}

/** Asks again, with the same key, every operation whose client never learned how it ended. */
async function followUp(log: AnswerLog, players: Map<number, Player>): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const open: Answer[] = [];
    for (const answers of log.byKey().values())
      if (!answers[0]!.kind.startsWith('read.') && answers.every(isUnknown)) open.push(answers[0]!);
    if (open.length === 0) return;
    for (const a of open) {
      if (a.kind === 'payment.webhook') continue;
      await players
        .get(a.userId)
        ?.call(a.kind, a.method, a.path, { body: a.body, key: a.key, followUp: true });
    }
    await sleep(5_000);
  }
}

/**
 * `npm run chaos`: the stack on a fresh database, a mix of players for CHAOS_SECONDS while services
 * are killed and paused and the bus delivers twice and out of order; then the sweepers settle and
 * an audit from each service's own data. Exits 1 on any violation.
 */
async function main(): Promise<void> {
  const leftover = await dropRoles(`${config.pg}/postgres`, ROLE_PREFIX);
  if (leftover.dropped.length > 0)
    console.log(`chaos: dropped ${leftover.dropped.length} role(s) an earlier run left behind`);
  if (leftover.kept.length > 0)
    console.log(
      `chaos: roles ${leftover.kept.join(', ')} still own objects (a kept database, or a run still going): left alone`,
    );
  const adminDb = knex({ client: 'pg', connection: `${config.pg}/postgres`, pool: { min: 0, max: 1 } });
  await adminDb.raw(`create database ${config.database}`);
  await adminDb.destroy();
  const redis = new Redis(config.redis, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-chaos-'));
  const port = config.port || (await freePort());
  // Below the ephemeral port range (32768+), where outgoing connections could already hold a port.
  const grpcBase = config.grpcBasePort || 21000 + Math.floor(Math.random() * 5000);
  const databaseUrl = `${config.pg}/${config.database}`;
  console.log(
    `chaos: seed ${config.seed}, database ${config.database}, gateway port ${port}, gRPC from ${grpcBase}, ${config.replicas} replica(s) of each process`,
  );
  const startedAt = Date.now();
  const stack = await startStack(
    {
      DATABASE_URL: databaseUrl,
      REDIS_URL: config.redis,
      PORT: String(port),
      GRPC_BASE_PORT: String(grpcBase),
      DATA_DIR: dataDir,
      DB_ROLE_PREFIX: RUN_ROLE_PREFIX,
      MARKET_HOURS: 'always',
      // Auctions of '1 hour' last 10 s, so that they end (and settle) within the run and its settling.
      AUCTION_DURATION_SCALE: '360',
      AUCTION_SWEEP_INTERVAL_MS: '500',
      // A matchday every 30 s, results 5 s after kickoff: lineups lock, score and pay within the run.
      MATCHDAY_CYCLE_MS: '30000',
      MATCHDAY_RESULTS_DELAY_MS: '5000',
      MATCHDAY_SWEEP_MS: '500',
      WELCOME_COINS: String(config.welcomeCoins),
      RATE_LIMIT_SCALE: '100000',
      DEMO_PROMO_CODES: 'true',
      DEMO_CHALLENGES: 'true',
      // No Stripe key: the run's payments are test payments, which the wallet takes only when told.
      PAYMENTS_MODE: 'test',
      STRIPE_WEBHOOK_SECRET: config.webhookSecret,
      LOG_LEVEL: 'warn',
      // Killed processes come back within seconds, also after several kills in a row.
      RESTART_BACKOFF_INITIAL_MS: '500',
      RESTART_BACKOFF_MAX_MS: '4000',
      BUS_CHAOS_DUPLICATE_SHARE: String(config.busDuplicateShare),
      BUS_CHAOS_REORDER_SHARE: String(config.busReorderShare),
      STACK_REPLICAS: String(config.replicas),
    },
    [BUS_DUPLICATE, BUS_REORDER, EXITED],
  ).catch(async (error: unknown) => {
    const drop = knex({ client: 'pg', connection: `${config.pg}/postgres`, pool: { min: 0, max: 1 } });
    await drop.raw(`drop database if exists ${config.database} with (force)`);
    await drop.destroy();
    await dropRoles(`${config.pg}/postgres`, RUN_ROLE_PREFIX);
    throw error;
  });
  console.log(`chaos: stack ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 3 } });
  let exitCode = 1;
  try {
    const log = new AnswerLog();
    const players: Player[] = [];
    for (let i = 0; i < config.players; i++)
      players.push(await register(stack.url, log, `player${i}@chaos.example`));
    const admin = await register(stack.url, log, 'admin@chaos.example');
    await db('identity.users').where({ id: admin.id }).update({ is_admin: true });
    await admin.login();
    await waitForWelcome([...players, admin]);
    const packSizes = await ChallengeMoves.setUp(admin);

    const scenario = new Scenario(players, admin, log, stack.url);
    // Half the players buy coins three times first, so that cash-outs and their review happen.
    await Promise.all(
      players
        .slice(0, Math.ceil(players.length / 2))
        .map((p, i) => scenario.becomeCashoutEligible(p, Dice.seeded(config.seed + 50 + i))),
    );
    const until = Date.now() + config.seconds * 1000;
    console.log(`chaos: ${config.players} players for ${config.seconds} s, faults on`);
    const [faults] = await Promise.all([
      runFaults(stack, Dice.seeded(config.seed + 1), until),
      ...players.map((p, i) => scenario.drive(p, Dice.seeded(config.seed + 100 + i), until)),
    ]);
    console.log(`chaos: load stopped; waiting for the sweepers (up to ${config.settleSeconds} s)`);
    let settledIn = await settle(db, stack);
    await followUp(log, new Map([...players, admin].map((p) => [p.id, p])));
    settledIn += await settle(db, stack);

    const audit: AuditLine[] = [];
    const run = async (name: string, f: () => Promise<AuditLine[]>) => {
      try {
        audit.push(...(await f()));
      } catch (error) {
        audit.push({ name, violations: [`the audit itself failed: ${(error as Error).message}`] });
      }
    };
    const killed = [...faults.kills.values()].reduce((a, b) => a + b, 0);
    audit.push({
      name: 'processes: none exited but those killed',
      violations:
        stack.count(EXITED) > killed
          ? [
              `${stack.count(EXITED) - killed} exit(s) not caused by a kill (CHAOS_STACK_LOG keeps the stack's log)`,
              // A process that ended by itself says so with its code; the kills end with SIGKILL.
              ...stack.matches(EXITED).filter((l) => !l.includes('signal SIGKILL')),
            ]
          : [],
    });
    await run('ledger', () => auditLedger(db));
    await run('coins', () => auditMint(db, config.welcomeCoins));
    await run('cards', () => auditCards(db));
    await run('auctions', () => auditAuctions(db));
    await run('challenges', () => auditChallenges(db, packSizes));
    await run('matchday rewards', () => auditMatchdayRewards(db));
    await run('sagas', () => auditOpenWork(db));
    await run('answers', () => auditAnswers(db, log));
    await run('leaderboard', () => eventually(() => auditLeaderboard(db)));
    await run('leaderboard cache', () =>
      eventually(() => auditLeaderboardCache(db, redis, () => servedBoard(players[0]!))),
    );
    await run('missions', () => eventually(() => auditMissions(db, MISSIONS)));
    await run('sign-in missions', () => eventually(() => auditSignInMissions(db, MISSIONS)));
    await run('collection-value missions', () => eventually(() => auditValueMissions(db, MISSIONS)));
    await run('notifications', () => eventually(() => auditNotificationFacts(db)));
    await run('notifications per event', () => eventually(() => auditNotificationsPerEvent(db)));
    if (config.answersFile)
      writeFileSync(config.answersFile, log.all.map((a) => JSON.stringify(a)).join('\n'));
    printSummary({
      seconds: config.seconds,
      players: config.players,
      log,
      faults,
      bus: { duplicates: stack.count(BUS_DUPLICATE), reorders: stack.count(BUS_REORDER) },
      exits: stack.count(EXITED),
      audit,
      settledInSeconds: settledIn,
    });
    console.log(`chaos: ${((Date.now() - startedAt) / 1000).toFixed(0)} s end to end`);
    exitCode = audit.some((l) => l.violations.length > 0) ? 1 : 0;
  } catch (error) {
    console.error(error);
    console.error(`last lines of the stack:\n${stack.tail(40)}`);
  } finally {
    await db.destroy();
    redis.disconnect();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!config.keepDatabase) {
      const drop = knex({ client: 'pg', connection: `${config.pg}/postgres`, pool: { min: 0, max: 1 } });
      await drop.raw(`drop database if exists ${config.database} with (force)`);
      await drop.destroy();
      const roles = await dropRoles(`${config.pg}/postgres`, RUN_ROLE_PREFIX);
      if (roles.kept.length > 0) console.log(`chaos: could not drop roles ${roles.kept.join(', ')}`);
    } else
      console.log(
        `chaos: database ${config.database} and roles ${RUN_ROLE_PREFIX}* kept (CHAOS_KEEP_DB=true)`,
      );
  }
  process.exit(exitCode);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
