import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients } from '../src/clients';
import { eventLoopLag } from '../src/middleware/loop-lag';
import { BUSY_MESSAGE } from '../src/middleware/shedding';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, UNREACHABLE } from './support';

const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, UNREACHABLE])) as Record<Upstream, string>;
const clients = createClients(addresses, {
  defaultTimeoutMs: 1_000,
  shed: { concurrency: 8, queue: 0, maxWaitMs: 100, retryAfterSeconds: 1 },
});
afterAll(() => closeClients(clients));

/** A gateway whose event loop reports `lag` ms (a test's hand, not the machine's load). */
function gatewayLagging(lag: { ms: number }, overrides: Record<string, string> = {}) {
  const config = gatewayConfig({ OVERLOAD_LAG_MS: '250', SHED_RETRY_AFTER_S: '4', ...overrides });
  return createApp({
    config,
    clients,
    addresses,
    store: createMemoryStore(),
    logger: silentLogger,
    loopLagMs: () => lag.ms,
  });
}

describe('shedding while the event loop lags', () => {
  it('refuses /api requests with 503 and Retry-After while the delay is above the limit, and serves again after', async () => {
    const lag = { ms: 400 };
    const app = gatewayLagging(lag);
    const refused = await request(app).get('/api/openapi.json');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('4');
    expect(refused.body).toEqual({ message: BUSY_MESSAGE });
    // Health is never shed: an orchestrator must not restart a busy gateway.
    expect((await request(app).get('/healthz')).status).toBe(200);
    lag.ms = 100;
    expect((await request(app).get('/api/openapi.json')).status).toBe(200);
  });

  it('never sheds with OVERLOAD_LAG_MS=0, nor embedded by default', async () => {
    const lag = { ms: 10_000 };
    expect(
      (await request(gatewayLagging(lag, { OVERLOAD_LAG_MS: '0' })).get('/api/openapi.json')).status,
    ).toBe(200);
    const embedded = createApp({
      config: gatewayConfig({ EMBEDDED: 'true' }),
      clients,
      addresses,
      store: createMemoryStore(),
      logger: silentLogger,
      loopLagMs: () => lag.ms,
    });
    expect((await request(embedded).get('/api/openapi.json')).status).toBe(200);
  });
});

describe('eventLoopLag', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('measures the delay while asked, and stops sampling after a window in which nobody asked', async () => {
    const lag = eventLoopLag(100);
    try {
      expect(lag.lagMs()).toBe(0); // the first ask starts the monitor
      await sleep(30);
      // Asked again as a request would be: on a loaded machine the sleep can outlast a window that
      // nobody asked in, and the monitor would sleep through the block.
      lag.lagMs();
      const end = performance.now() + 150;
      while (performance.now() < end); // the loop blocked for 150 ms
      let seen = 0;
      for (let i = 0; i < 6; i++) {
        await sleep(50);
        seen = Math.max(seen, lag.lagMs());
      }
      expect(seen).toBeGreaterThan(100);
      // A window with that ask, then one nobody asked in: the monitor sleeps and forgets.
      await sleep(350);
      expect(lag.lagMs()).toBe(0);
    } finally {
      lag.stop();
    }
  });
});
