/**
 * What an SRE sees of one market buy in stack mode (issue 33): one trace from the gateway's HTTP
 * span through the gRPC calls, their SQL and the outbox publish to every consumer's handling, and
 * the RED, outbox, inbox and business series of each process's /metrics. Nine processes under the
 * supervisor on real Postgres, exporting spans (OTLP/HTTP JSON) to a receiver in this test.
 * Needs TEST_DATABASE_URL (see vitest.config.mts); creates and drops its own database and roles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually as pollUntil } from '@touchline/kit/testing';
import { SERVICE_MODULES } from '../src/services';
import { freePort, ROOT } from '../src/spawn';

const baseUrl = process.env.TEST_DATABASE_URL!;
const suffix = randomBytes(4).toString('hex');
const database = `${new URL(baseUrl).pathname.slice(1)}_observe_${suffix}`;
const stackDbUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
const rolePrefix = `tlo_${suffix}_`;
const PROCESSES = [...SERVICE_MODULES.map((m) => m.name), 'gateway'];
const CONSUMERS = ['missions', 'leaderboard', 'notifications', 'trading'];

const eventually = <T>(check: () => Promise<T>, timeoutMs = 60_000): Promise<T> =>
  pollUntil(check, timeoutMs, 500);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---- the OTLP/HTTP JSON receiver ----
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface Span extends OtlpSpan {
  service: string;
}
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

const spans: Span[] = [];
function attribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}

function startReceiver(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: {
            resource?: { attributes?: OtlpSpan['attributes'] };
            scopeSpans?: { spans?: OtlpSpan[] }[];
          }[];
        };
        for (const rs of body.resourceSpans ?? []) {
          const service = String(
            Object.values(rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value ?? {})[0],
          );
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as { port: number }).port }),
    ),
  );
}

// ---- the stack ----
let receiver: { server: Server; port: number };
let child: ChildProcess;
let dataDir: string;
let url: string;
let metricsBase: number;
const lines: string[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  await admin(`create database ${database}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-observe-'));
  const port = await freePort();
  const grpcBase = 21_000 + Math.floor(Math.random() * 4_000);
  metricsBase = grpcBase + 5_000;
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/stack.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: stackDbUrl,
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      KAFKA_BROKERS: '',
      PORT: String(port),
      GRPC_BASE_PORT: String(grpcBase),
      METRICS_BASE_PORT: String(metricsBase),
      METRICS_COLLECT_INTERVAL_MS: '500',
      DATA_DIR: dataDir,
      DB_ROLE_PREFIX: rolePrefix,
      LOG_LEVEL: 'debug',
      RATE_LIMIT_SCALE: '1000',
      PAYMENTS_MODE: 'test',
      MARKET_HOURS: 'always',
      // Only the tick of the start: a later one could move the price between the test's read and its buy.
      PRICE_TICK_CHECK_MS: '86400000',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      if (lines.length > 50_000) lines.splice(0, 10_000);
    });
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the stack exited:\n${lines.slice(-40).join('\n')}`);
    if (!lines.some((l) => l.includes('stack is ready'))) throw new Error('not ready');
  }, 300_000);
}, 320_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  receiver?.server.close();
  await admin(`drop database if exists ${database} with (force)`);
  for (const m of SERVICE_MODULES) await admin(`drop role if exists ${rolePrefix}${m.schema}`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

// ---- one buy ----
let buyTraceId: string;
let boughtFor: number;
async function buyOnce(): Promise<void> {
  const register = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `observe-${suffix}@example.com`, password: 'a good password' }),
  });
  expect(register.status).toBe(201);
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
  const get = (p: string) => fetch(`${url}${p}`, { headers: { cookie } });
  await eventually(async () => {
    const balance = (await (await get('/api/user/balance')).json()) as { coins: number };
    expect(balance.coins).toBeGreaterThan(0);
  });
  // The gateway's shared market answer follows the start's price tick a moment later, by its event:
  // buy once two reads 1.5 s apart agree, so the price sent is the price charged.
  const cheapest = async () =>
    ((await (await get('/api/market?sort=price_asc')).json()) as { id: number; price: number }[])[0]!;
  const item = await eventually(async () => {
    const first = await cheapest();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const again = await cheapest();
    expect(again).toEqual(first);
    return again;
  }, 30_000);
  boughtFor = item.price;
  const buy = await fetch(`${url}/api/market/buy/${item.id}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ expectedPrice: item.price }),
  });
  expect(buy.status, await buy.clone().text()).toBe(200);
  const server = await eventually(async () => {
    const found = spans.find(
      (s) =>
        s.service === 'gateway' &&
        s.kind === SERVER &&
        String(attribute(s, 'http.target') ?? attribute(s, 'url.path') ?? '').startsWith('/api/market/buy/'),
    );
    expect(found, 'the gateway span of the buy').toBeDefined();
    return found!;
  });
  buyTraceId = server.traceId;
}

describe('one market buy in stack mode', () => {
  it('is one trace: gateway, gRPC to cards-market and the wallet, SQL, the publish, every consumer', async () => {
    await buyOnce();
    const trace = () => spans.filter((s) => s.traceId === buyTraceId);
    const has = (service: string, kind: number, name: RegExp) =>
      trace().some((s) => s.service === service && s.kind === kind && name.test(s.name));
    await eventually(async () => {
      expect(has('gateway', CLIENT, /BuyCard/), 'gateway → cards-market client span').toBe(true);
      expect(has('cards-market', SERVER, /BuyCard/), 'cards-market server span').toBe(true);
      expect(has('cards-market', CLIENT, /Pay/), 'cards-market → wallet client span').toBe(true);
      expect(has('wallet-payments', SERVER, /Pay/), 'wallet server span').toBe(true);
      for (const service of ['cards-market', 'wallet-payments'])
        expect(
          trace().some(
            (s) =>
              s.service === service &&
              s.kind === CLIENT &&
              /postgres/.test(String(attribute(s, 'db.system') ?? attribute(s, 'db.system.name'))),
          ),
          `${service} SQL spans`,
        ).toBe(true);
      expect(has('cards-market', PRODUCER, /^publish market\.sale\.completed$/), 'the outbox publish').toBe(
        true,
      );
      for (const service of CONSUMERS)
        expect(has(service, CONSUMER, new RegExp(`^${service} handle `)), `${service} consumer span`).toBe(
          true,
        );
    });
    // Each consumer span continues a publish span of the same trace.
    const byId = new Map(trace().map((s) => [s.spanId, s]));
    for (const consumer of trace().filter((s) => s.kind === CONSUMER))
      expect(byId.get(consumer.parentSpanId ?? '')?.kind, consumer.name).toBe(PRODUCER);
    // Log lines carry the trace id (the consumers' "event handled", at debug).
    const logged = lines.filter((l) => l.includes(`"traceId":"${buyTraceId}"`));
    for (const service of CONSUMERS)
      expect(
        logged.some((l) => l.startsWith(`[${service}]`)),
        service,
      ).toBe(true);
  });

  it("moves each process's RED, outbox, inbox and business series", async () => {
    const scrape = async (process: string) => {
      const port = metricsBase + PROCESSES.indexOf(process);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const value = (text: string, name: string, labels: Record<string, string>) => {
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
        );
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : undefined;
    };
    await eventually(async () => {
      for (const process of PROCESSES) expect(await scrape(process)).toContain('process_cpu_seconds_total');
      const gateway = await scrape('gateway');
      expect(
        value(gateway, 'touchline_http_requests_total', { route: '/api/market/buy/:id', status: '200' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(gateway, 'touchline_http_request_duration_seconds_count', { route: '/api/market/buy/:id' }),
      ).toBeGreaterThanOrEqual(1);
      expect(gateway).not.toMatch(/route="\/api\/market\/buy\/\d/);
      const cards = await scrape('cards-market');
      expect(
        value(cards, 'touchline_grpc_server_handled_total', { method: 'BuyCard', code: 'OK' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(cards, 'touchline_outbox_published_total', { topic: 'market.sale.completed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(value(cards, 'touchline_outbox_backlog', { service: 'cards-market' })).toBe(0);
      expect(value(cards, 'touchline_saga_pending', { saga: 'buy' })).toBe(0);
      const wallet = await scrape('wallet-payments');
      expect(
        value(wallet, 'touchline_grpc_server_handled_total', { method: 'Pay', code: 'OK' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        value(wallet, 'touchline_outbox_published_total', { topic: 'wallet.balance.changed' }),
      ).toBeGreaterThanOrEqual(1);
      expect(value(wallet, 'touchline_ledger_sum_coins', {})).toBe(0);
      // The welcome coins came out of a platform account.
      expect(wallet).toMatch(/^touchline_ledger_platform_balance_coins\{[^}]*\} -\d/m);
      // ... and are counted as minted; the market's price left the buyer's hands as burned.
      expect(value(wallet, 'touchline_coins_minted_total', { source: 'welcome' })).toBeGreaterThan(0);
      expect(value(wallet, 'touchline_coins_burned_total', { sink: 'market.sale' })).toBeGreaterThanOrEqual(
        boughtFor,
      );
      for (const group of CONSUMERS) {
        const text = await scrape(group);
        expect(
          value(text, 'touchline_inbox_events_total', { group, outcome: 'handled' }),
          group,
        ).toBeGreaterThanOrEqual(1);
        expect(
          value(text, 'touchline_inbox_event_age_seconds_count', { group }),
          group,
        ).toBeGreaterThanOrEqual(1);
        expect(text, group).toMatch(/^touchline_consumer_offset_lag\{/m);
      }
    });
  });
});
