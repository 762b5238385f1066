import * as grpc from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import request, { type Response } from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { readinessOf } from '../src/app';
import { UPSTREAMS, type Upstream } from '../src/config';
import { READINESS_MAX_AGE_MS } from '../src/http/readiness';
import { TOO_MANY_IN_FLIGHT } from '../src/middleware/shedding';
import { expectError, serveGateway, type ServedGateway } from './support';

/**
 * Issue 40, finding 2: every /readyz asked all eight upstreams (a new gRPC client each), so 200
 * concurrent probes for 6 s made the gateway shed real players and call itself not ready 204 times.
 * /readyz now answers from a state checked at most once per READINESS_MAX_AGE_MS.
 */

/** A grpc.health.v1 server that counts the checks it answers and can hold them back. */
interface HealthServer {
  address: string;
  checks: number;
  /** Until the returned function is called, checks wait for an answer. */
  hold(): () => void;
  stop(): void;
}

async function startHealthServer(): Promise<HealthServer> {
  const server = new grpc.Server();
  let held: Promise<void> = Promise.resolve();
  const state = {
    checks: 0,
    hold: () => {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
  server.addService(healthService as grpc.ServiceDefinition, {
    check: (_call: unknown, callback: grpc.sendUnaryData<{ status: string }>) => {
      state.checks++;
      void held.then(() => callback(null, { status: 'SERVING' }));
    },
    watch: (call: grpc.ServerWritableStream<unknown, unknown>) => call.end(),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  return Object.assign(state, {
    address: `127.0.0.1:${port}`,
    stop: () => server.forceShutdown(),
  });
}

let gateway: ServedGateway | undefined;
const servers: HealthServer[] = [];
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
  for (const s of servers.splice(0)) s.stop();
});

/** Trading on a server of its own (to take it down), every other upstream on a shared one. */
async function upstreams(): Promise<{ shared: HealthServer; trading: HealthServer; checks(): number }> {
  const shared = await startHealthServer();
  const trading = await startHealthServer();
  servers.push(shared, trading);
  return { shared, trading, checks: () => shared.checks + trading.checks };
}

function addressesOf(shared: HealthServer, trading: HealthServer): Partial<Record<Upstream, string>> {
  return Object.fromEntries(
    UPSTREAMS.map((name) => [name, name === 'trading' ? trading.address : shared.address]),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/readyz answers from a kept state (issue 40, finding 2)', () => {
  it('many concurrent probes make at most one fan-out per second, and all answer 200', async () => {
    const { shared, trading, checks } = await upstreams();
    // One client address for every probe (no proxy): the in-flight limit is the next test's.
    gateway = await serveGateway(addressesOf(shared, trading), {
      config: { TRUST_PROXY: '0', IN_FLIGHT_PER_ADDRESS: '10000' },
    });
    expect((await request(gateway.baseUrl).get('/readyz')).status).toBe(200);
    const before = checks();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => request(gateway!.baseUrl).get('/readyz')),
    );
    const seconds = (performance.now() - started) / 1000;

    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    expect(answers[0]!.body).toMatchObject({ status: 'ready', checks: { trading: 'SERVING' } });
    // Today's code asked every upstream once per call: 4,000 checks. Now one fan-out (8 checks)
    // per second that went by, plus the one a stale state may start at the burst's beginning.
    const fanOuts = (checks() - before) / UPSTREAMS.length;
    expect(fanOuts).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('answers 503 naming the service once the state is older than a service that went down', async () => {
    const { shared, trading } = await upstreams();
    gateway = await serveGateway(addressesOf(shared, trading), { config: { TRUST_PROXY: '0' } });
    expect((await request(gateway.baseUrl).get('/readyz')).status).toBe(200);

    trading.stop();
    // Any answer begun this long after the change comes from a check that began after it.
    await sleep(READINESS_MAX_AGE_MS + 50);
    const res = await request(gateway.baseUrl).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'not ready',
      checks: { trading: 'UNREACHABLE', identity: 'SERVING', store: 'SERVING' },
    });
  });

  it('answers 503 from the moment shutdown begins, without asking anyone', async () => {
    const { shared, trading, checks } = await upstreams();
    gateway = await serveGateway(addressesOf(shared, trading), { config: { TRUST_PROXY: '0' } });
    expect((await request(gateway.baseUrl).get('/readyz')).status).toBe(200);
    const before = checks();
    readinessOf(gateway.app).stop();
    const res = await request(gateway.baseUrl).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not ready', checks: { gateway: 'SHUTTING_DOWN' } });
    expect(checks()).toBe(before);
  });

  it('an anonymous flood of probes from one address is limited like any anonymous call', async () => {
    const { shared, trading } = await upstreams();
    gateway = await serveGateway(addressesOf(shared, trading), {
      config: { TRUST_PROXY: '0', IN_FLIGHT_PER_ADDRESS: '5' },
    });
    // Every probe waits on the one check in flight, so they are all in flight together.
    const releaseShared = shared.hold();
    const releaseTrading = trading.hold();
    let refused = 0;
    const probes = Array.from({ length: 20 }, () =>
      request(gateway!.baseUrl)
        .get('/readyz')
        .then((res: Response) => {
          if (res.status === 429) refused++;
          return res;
        }),
    );
    while (refused < 15) await sleep(20);
    releaseShared();
    releaseTrading();
    const answers = await Promise.all(probes);

    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const tooMany = answers.filter((a) => a.status === 429);
    expect(tooMany).toHaveLength(15);
    expect(tooMany[0]!.body).toEqual({ message: TOO_MANY_IN_FLIGHT });
    expect(tooMany[0]!.headers['retry-after']).toBeDefined();
  });

  it('behind a trusted proxy a probe it forwarded is not found; the pod address is answered', async () => {
    const { shared, trading, checks } = await upstreams();
    gateway = await serveGateway(addressesOf(shared, trading), { config: { TRUST_PROXY: '1' } });
    for (const path of ['/readyz', '/healthz']) {
      const forwarded = await request(gateway.baseUrl).get(path).set('X-Forwarded-For', '203.0.113.9');
      expectError(forwarded, 404, `Not found: ${path}`);
    }
    expect(checks()).toBe(0);
    // The kubelet calls the pod's address: no forwarding headers.
    expect((await request(gateway.baseUrl).get('/readyz')).status).toBe(200);
    expect((await request(gateway.baseUrl).get('/healthz')).status).toBe(200);
  });
});
