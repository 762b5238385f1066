import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { AnswerLog } from '@touchline/chaos/answers';
import { Player } from '@touchline/chaos/client';
import { dropRoles } from '@touchline/chaos/roles';
import { startStack, type RunningStack } from '@touchline/chaos/stack';
import { freePort } from '@touchline/launcher/spawn';
import { AlertWatch } from './alert-watch';
import { ensurePrometheus, startPrometheus, type RunningPrometheus } from './prometheus';
import { observeRules } from './rules';

/**
 * `npm run observe`: Debian's Prometheus against `npm run stack`, and a short chaos run that shows
 * what an SRE would see. Every target is up and scraped; a buy moves the series; killing a service
 * fires its down alert, which clears once the supervisor has restarted it; pausing the wallet
 * (SIGSTOP) leaves a buy pending and raises the stuck-sagas alert. It prints every alert's changes
 * with their time and exits 1 when an expected one did not come. Rules: those of
 * k8s/monitoring/rules/touchline-alerts.yaml, every `for:` shortened to 2 s and the thresholds of
 * OBSERVE_THRESHOLDS (rules.ts) lowered, so that the run need not wait minutes.
 */
const env = (name: string) => Number(process.env[name]) || 0;
const PG = process.env.OBSERVE_PG ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.OBSERVE_REDIS ?? 'redis://127.0.0.1:6379/13';
const KILLED = 'leaderboard';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Step {
  name: string;
  ok: boolean;
  detail: string;
}

async function until<T>(what: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await what().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(500);
  }
  return undefined;
}

async function signUp(url: string): Promise<Player> {
  const email = `observer${Date.now()}@observe.example`;
  const player = new Player(url, email, 'observe-player-pass', new AnswerLog());
  const res = await player.call<{ id: number }>('auth.register', 'post', '/api/register', {
    body: { email, password: player.password },
    key: false,
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  const coins = await until(async () => {
    const balance = await player.call<{ coins: number }>('read.balance', 'get', '/api/user/balance', {
      key: false,
    });
    return balance.body.coins > 0 ? balance.body.coins : undefined;
  }, 60_000);
  if (!coins) throw new Error('the welcome coins never arrived');
  return player;
}

/**
 * Buys the cheapest card on the market (skipping `skip`), at the price shown. A 503 or 429 (load
 * shed, with Retry-After) is sent again with the same key, as the web app does.
 */
async function buy(player: Player, skip = 0, timeoutMs = 30_000): Promise<number> {
  const market = await player.call<{ id: number; price: number }[]>(
    'read.market',
    'get',
    '/api/market?sort=price_asc',
    {
      key: false,
    },
  );
  const item = Array.isArray(market.body) ? market.body[skip] : undefined;
  if (!item) throw new Error(`no card on the market: ${market.status}`);
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const res = await player.call('market.buy', 'post', `/api/market/buy/${item.id}`, {
      body: { expectedPrice: item.price },
      key,
      timeoutMs,
    });
    if ((res.status !== 503 && res.status !== 429) || attempt === 4) return res.status;
    await sleep(2_000);
  }
}

async function run(stack: RunningStack, prometheus: RunningPrometheus, watch: AlertWatch): Promise<Step[]> {
  const steps: Step[] = [];
  const step = (name: string, ok: boolean, detail: string) => {
    steps.push({ name, ok, detail });
    console.log(`${ok ? 'ok  ' : 'MISS'}  ${name}: ${detail}`);
  };

  // 1. Every process is a target, up and scraped.
  const expected = 9;
  const targets = await until(async () => {
    const all = await prometheus.targets();
    return all.length >= expected && all.every((t) => t.health === 'up') ? all : undefined;
  }, 60_000);
  const scraped = await prometheus.query(
    'count by (process) (touchline_outbox_backlog or touchline_http_requests_total or up)',
  );
  step(
    'every target up and scraped',
    targets !== undefined && scraped.length >= expected,
    targets
      ? `${targets.length} targets up: ${targets.map((t) => t.labels.process).join(', ')}`
      : `not all up: ${JSON.stringify((await prometheus.targets()).map((t) => [t.labels.process, t.health, t.lastError]))}`,
  );

  // 2. A buy moves the RED, event-flow and business series.
  const player = await signUp(stack.url);
  const status = await buy(player);
  const sold = await until(async () => {
    const [sale] = await prometheus.query(
      'sum(touchline_outbox_published_total{topic="market.sale.completed"})',
    );
    const [red] = await prometheus.query('sum(touchline_http_requests_total{route="/api/market/buy/:id"})');
    const [handled] = await prometheus.query(
      'sum(touchline_inbox_events_total{topic="market.sale.completed"})',
    );
    return sale && red && handled
      ? `${sale.value[1]} sale published, ${handled.value[1]} consumer handlings`
      : undefined;
  }, 30_000);
  step(
    'a buy shows in the series',
    status === 200 && sold !== undefined,
    `buy answered ${status}; ${sold ?? 'no series moved'}`,
  );

  // 3. A killed service: its down alert fires, then clears once the supervisor restarted it.
  const pid = stack.pid(KILLED);
  if (!pid) throw new Error(`no ${KILLED} process`);
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  console.log(`      SIGKILL ${KILLED} (pid ${pid})`);
  const isDown = (alert: string) =>
    alert.startsWith('TouchlineProcessDown') && alert.includes(`process="${KILLED}"`);
  const fired = await watch.until(isDown, 'firing', 60_000);
  step(
    `${KILLED} killed: TouchlineProcessDown fires`,
    fired,
    `${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`,
  );
  const cleared = fired && (await watch.until(isDown, 'resolved', 120_000));
  step(
    `${KILLED} restarted: TouchlineProcessDown clears`,
    cleared,
    `${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (restarted by the supervisor, pid ${stack.pid(KILLED) ?? '?'})`,
  );

  // 4. The wallet paused: a buy cannot settle, and the stuck-sagas alert fires; it clears after SIGCONT.
  const wallet = stack.pid('wallet-payments');
  if (!wallet) throw new Error('no wallet-payments process');
  const pausedAt = Date.now();
  process.kill(wallet, 'SIGSTOP');
  console.log(`      SIGSTOP wallet-payments (pid ${wallet})`);
  let pendingStatus = 0;
  const pendingBuy = buy(player, 0, 60_000).then(
    (s) => (pendingStatus = s),
    () => undefined,
  );
  const isStuck = (alert: string) => alert.startsWith('TouchlineSagasStuck') && alert.includes('saga="buy"');
  try {
    const stuck = await watch.until(isStuck, 'firing', 90_000);
    step(
      'wallet paused: TouchlineSagasStuck fires',
      stuck,
      `${((Date.now() - pausedAt) / 1000).toFixed(1)} s after SIGSTOP`,
    );
  } finally {
    process.kill(wallet, 'SIGCONT');
    console.log(`      SIGCONT wallet-payments`);
  }
  await pendingBuy;
  const settled = await watch.until(isStuck, 'resolved', 90_000);
  step(
    'wallet resumed: the sweeper settles the buy and the alert clears',
    settled,
    `${((Date.now() - pausedAt) / 1000).toFixed(1)} s after SIGSTOP (the buy answered ${pendingStatus || 'nothing'})`,
  );
  return steps;
}

async function main(): Promise<void> {
  ensurePrometheus();
  const startedAt = Date.now();
  const stamp = Date.now().toString(36);
  const database = `touchline_observe_${stamp}`;
  const rolePrefix = `tlobserve_${stamp}_`;
  const dir = mkdtempSync(path.join(tmpdir(), 'touchline-observe-'));
  const port = env('OBSERVE_PORT') || (await freePort());
  // Below the ephemeral port range (32768+), where outgoing connections could already hold a port.
  const grpcBase = env('OBSERVE_GRPC_BASE_PORT') || 21000 + Math.floor(Math.random() * 4000);
  const metricsBase = env('OBSERVE_METRICS_BASE_PORT') || grpcBase + 5000;
  const prometheusPort = env('OBSERVE_PROMETHEUS_PORT') || (await freePort());
  const admin = knex({ client: 'pg', connection: `${PG}/postgres`, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [database]);
  console.log(
    `observe: database ${database}, gateway :${port}, gRPC from :${grpcBase}, metrics from :${metricsBase}, Prometheus :${prometheusPort}`,
  );

  let stack: RunningStack | undefined;
  let prometheus: RunningPrometheus | undefined;
  let watch: AlertWatch | undefined;
  let code = 1;
  try {
    stack = await startStack(
      {
        DATABASE_URL: `${PG}/${database}`,
        REDIS_URL: REDIS,
        PORT: String(port),
        GRPC_BASE_PORT: String(grpcBase),
        METRICS_BASE_PORT: String(metricsBase),
        METRICS_COLLECT_INTERVAL_MS: '1000',
        DATA_DIR: path.join(dir, 'stack-data'),
        DB_ROLE_PREFIX: rolePrefix,
        MARKET_HOURS: 'always',
        WELCOME_COINS: '200000',
        RATE_LIMIT_SCALE: '100000',
        PAYMENTS_MODE: 'test',
        LOG_LEVEL: 'warn',
        // The killed service stays down for a few scrapes before it is back.
        RESTART_BACKOFF_INITIAL_MS: '3000',
      },
      [],
    );
    console.log(`observe: stack ready after ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
    prometheus = await startPrometheus({
      dir: path.join(dir, 'prometheus'),
      port: prometheusPort,
      targetsFile: path.join(dir, 'stack-data', 'stack', 'prometheus-targets.json'),
      rules: observeRules(),
    });
    const runStart = Date.now();
    console.log(
      `observe: Prometheus at ${prometheus.url} (scrape and evaluation every 1 s); alerts as they change:`,
    );
    watch = new AlertWatch(prometheus, runStart, (line) => console.log(line));
    watch.start();
    const steps = await run(stack, prometheus, watch);
    const missed = steps.filter((s) => !s.ok);
    console.log(
      `\nobserve: ${steps.length - missed.length}/${steps.length} checks passed in ${((Date.now() - runStart) / 1000).toFixed(0)} s (whole run ${((Date.now() - startedAt) / 1000).toFixed(0)} s)`,
    );
    code = missed.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(`observe: ${(error as Error).message}`);
    if (stack) console.error(stack.tail(40));
  } finally {
    watch?.stop();
    await prometheus?.stop();
    await stack?.stop();
    await admin.raw('drop database if exists ?? with (force)', [database]).catch(() => undefined);
    await admin.destroy();
    await dropRoles(`${PG}/postgres`, rolePrefix);
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(code);
}

void main();
