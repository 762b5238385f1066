/**
 * The instrumentation every service gets from kit (issue 33): RED per RPC from the gRPC server
 * interceptor, the relay's publishes and failures, the inbox's handled, duplicate, failed and
 * retried events, sweeper actions, and the gauges read from a service's tables.
 */
import * as grpc from '@grpc/grpc-js';
import type { Counter, Gauge } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS } from '@touchline/protos';
import { fixedClock, seededRandom } from '../src/clock';
import type { Database } from '../src/db/database';
import { migrate, type Migration } from '../src/db/migrate';
import type { BusMessage, EventBus, Subscription } from '../src/events/bus';
import { consumer, subscribeConsumers } from '../src/events/inbox';
import { kitMigrations } from '../src/events/kit-migrations';
import { Outbox } from '../src/events/outbox';
import { OutboxRelay } from '../src/events/relay';
import { checkHealth, HealthReporter } from '../src/grpc/health';
import { intervalJob } from '../src/jobs';
import * as catalog from '../src/metrics/catalog';
import { startGaugeCollector } from '../src/metrics/gauge-collector';
import { redInterceptor } from '../src/metrics/grpc-interceptor';
import { sagaReadings } from '../src/metrics/pending-rows';
import { metricsRegistry, scrapeMetrics } from '../src/metrics/registry';
import { serveMetrics } from '../src/metrics/server';
import { createTestDatabase, silentLogger, type TestDatabase } from '../src/testing';

const TOPIC = TOPICS.userRegistered;
const AT = '2026-03-01T12:00:00.000Z';

async function valueOf(metric: Counter | Gauge, labels: Record<string, string>): Promise<number> {
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0);
}

class FakeBus implements EventBus {
  readonly messages: BusMessage[] = [];
  readonly subscriptions: Subscription[] = [];
  failNext = false;
  async publish(messages: BusMessage[]): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('broker unavailable');
    }
    this.messages.push(...messages);
  }
  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
  }
  async close(): Promise<void> {}
}

const sagasMigration: Migration = {
  name: '001_sagas',
  up: (db) =>
    db.schema.createTable('sagas', (t) => {
      t.increments('id');
      t.text('state').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    }),
};

let database: TestDatabase;
let db: Database;
const outbox = new Outbox(fixedClock(AT), seededRandom(33), () => {});

beforeAll(async () => {
  database = await createTestDatabase('kit_metrics');
  db = database.db;
  await migrate(db, database.schema, [...kitMigrations, sagasMigration]);
});

afterAll(async () => {
  await database?.close();
});

const commitEvent = (userId: number) =>
  db.transaction((trx) =>
    outbox.add(trx, TOPIC, String(userId), { userId, username: `u${userId}`, registeredAt: AT }),
  );

describe('kit metrics', () => {
  it('counts RPCs by method and status code, with their duration', async () => {
    const server = new grpc.Server({ interceptors: [redInterceptor('svc-a')] });
    const health = new HealthReporter(['touchline.test.Svc'], async () => {}, silentLogger);
    health.addToServer(server);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    await health.start(60_000);
    try {
      expect(await checkHealth(`127.0.0.1:${port}`)).toBe('SERVING');
      expect(await checkHealth(`127.0.0.1:${port}`, 'no.such.Service')).toBe('UNREACHABLE');
      expect(await valueOf(catalog.grpcHandled, { service: 'svc-a', method: 'Check', code: 'OK' })).toBe(1);
      expect(
        await valueOf(catalog.grpcHandled, { service: 'svc-a', method: 'Check', code: 'NOT_FOUND' }),
      ).toBe(1);
      const text = await metricsRegistry.metrics();
      expect(text).toContain(
        'touchline_grpc_server_handling_seconds_count{service="svc-a",method="Check"} 2',
      );
    } finally {
      health.stop();
      server.forceShutdown();
    }
  });

  it('counts the events the relay published by topic, and its failed drains', async () => {
    const bus = new FakeBus();
    const relay = new OutboxRelay({ db, bus, logger: silentLogger, name: 'svc-relay', holder: 'a' });
    await commitEvent(1);
    await commitEvent(2);
    bus.failNext = true;
    await expect(relay.flush()).rejects.toThrow('broker unavailable');
    expect(await valueOf(catalog.outboxPublishFailures, { service: 'svc-relay' })).toBe(1);
    expect(await valueOf(catalog.outboxPublished, { service: 'svc-relay' })).toBe(0);
    await relay.flush();
    expect(await valueOf(catalog.outboxPublished, { service: 'svc-relay', topic: TOPIC })).toBe(2);
  });

  it('counts handled, duplicate, failed and retried events of a consumer group', async () => {
    const bus = new FakeBus();
    let failures = 1;
    await subscribeConsumers({
      bus,
      db,
      group: 'svc-inbox',
      logger: silentLogger,
      consumers: [
        consumer(TOPIC, async (event) => {
          if (event.userId === 7 && failures-- > 0) throw new Error('not yet');
        }),
      ],
    });
    await commitEvent(6);
    await commitEvent(7);
    const relayBus = new FakeBus();
    await new OutboxRelay({
      db,
      bus: relayBus,
      logger: silentLogger,
      name: 'svc-inbox-src',
      holder: 'a',
    }).flush();
    const [six, seven] = relayBus.messages.slice(-2) as [BusMessage, BusMessage];
    const deliver = bus.subscriptions[0]!.handler;
    const labels = { group: 'svc-inbox', topic: TOPIC };

    await deliver(six);
    await deliver(six);
    await expect(deliver(seven)).rejects.toThrow('not yet');
    await deliver(seven);

    expect(await valueOf(catalog.inboxEvents, { ...labels, outcome: 'handled' })).toBe(2);
    expect(await valueOf(catalog.inboxEvents, { ...labels, outcome: 'duplicate' })).toBe(1);
    expect(await valueOf(catalog.inboxFailures, labels)).toBe(1);
    expect(await valueOf(catalog.inboxRetries, labels)).toBe(1);
    const age = await catalog.inboxEventAge.get();
    expect(
      age.values.find((v) => v.metricName?.endsWith('_count') && v.labels.group === 'svc-inbox')?.value,
    ).toBe(2);
  });

  it('counts the rows a sweeper acted on, and its failed runs', async () => {
    let run = 0;
    const job = intervalJob(
      'test-sweeper',
      60_000,
      async () => {
        run++;
        if (run === 2) throw new Error('peer down');
        return run === 1 ? 3 : 0;
      },
      silentLogger,
      { runAtStart: true },
    );
    job.start();
    await job.stop();
    expect(await valueOf(catalog.jobActions, { job: 'test-sweeper' })).toBe(3);
  });

  it("reads the outbox backlog and a service's own gauges from its tables", async () => {
    await db('outbox').update({ published_at: null });
    const backlog = Number((await db('outbox').whereNull('published_at').count({ n: '*' }))[0]!.n);
    await db('sagas').insert([
      { state: 'started', created_at: new Date(Date.now() - 90_000) },
      { state: 'started', created_at: new Date() },
      { state: 'completed', created_at: new Date(Date.now() - 900_000) },
    ]);
    const collector = startGaugeCollector({
      service: 'svc-gauges',
      db,
      read: (d) => sagaReadings('buy', d('sagas').where({ state: 'started' })),
      intervalMs: 60_000,
      logger: silentLogger,
    });
    await collector.stop();
    expect(await valueOf(catalog.outboxBacklog, { service: 'svc-gauges' })).toBe(backlog);
    expect(await valueOf(catalog.outboxOldestAge, { service: 'svc-gauges' })).toBeGreaterThan(0);
    expect(await valueOf(catalog.sagasPending, { service: 'svc-gauges', saga: 'buy' })).toBe(2);
    const oldest = await valueOf(catalog.sagaOldestPending, { service: 'svc-gauges', saga: 'buy' });
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(oldest).toBeLessThan(900);
  });

  it('reads the gauges again when scraped, at most once per interval, and on no timer', async () => {
    let reads = 0;
    const collector = startGaugeCollector({
      service: 'svc-scraped',
      db,
      read: async () => {
        reads++;
        return [{ gauge: 'sagasPending', labels: { saga: 'scraped' }, value: reads }];
      },
      intervalMs: 100,
      logger: silentLogger,
    });
    try {
      await scrapeMetrics(); // the read at start is still in flight: the scrape waits for it
      expect(reads).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(reads).toBe(1);
      expect(await scrapeMetrics()).toMatch(
        /^touchline_saga_pending\{service="svc-scraped",saga="scraped"\} 2$/m,
      );
      await scrapeMetrics(); // within the interval: the values just read
      expect(reads).toBe(2);
    } finally {
      await collector.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    await scrapeMetrics();
    expect(reads).toBe(2);
  });

  it('raises a counter read as a table total by what the total gained, across restarts', async () => {
    let total = 0;
    const collect = async () =>
      startGaugeCollector({
        service: 'svc-totals',
        db,
        read: async () => [{ total: 'coinsMinted', labels: { source: 'welcome' }, value: total }],
        intervalMs: 60_000,
        logger: silentLogger,
      }).stop();
    await collect();
    // Present from the first read, at 0.
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/^touchline_coins_minted_total\{service="svc-totals",source="welcome"\} 0$/m);
    total = 500;
    await collect();
    expect(await valueOf(catalog.coinsMinted, { service: 'svc-totals' })).toBe(500);
    // A restarted collector (or a second service instance in the process) does not count it twice.
    await collect();
    total = 800;
    await collect();
    expect(await valueOf(catalog.coinsMinted, { service: 'svc-totals', source: 'welcome' })).toBe(800);
    expect(text).toContain('# TYPE touchline_coins_minted_total counter');
  });

  it('serves the registry on /metrics, and nothing else', async () => {
    const served = await serveMetrics(0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${served.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('# TYPE touchline_outbox_published_total counter');
      expect(text).toContain('process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${served.port}/`)).status).toBe(404);
    } finally {
      await served.close();
    }
  });
});
