import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { metrics } from '@touchline/kit';
import { silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { createMemoryStore } from '../src/store';
import { gatewayConfig, UNREACHABLE } from './support';

const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, UNREACHABLE])) as Record<Upstream, string>;
const clients = createClients(addresses, { defaultTimeoutMs: 1_000 });
afterAll(() => closeClients(clients));

async function count(
  metric: typeof metrics.httpRequests | typeof metrics.httpRefused,
  labels: Record<string, string>,
) {
  const { values } = await metric.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k as never]) === want))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('RED per route', () => {
  it('labels requests by route template and status, never by raw path', async () => {
    const lag = { ms: 0 };
    const app = createApp({
      config: gatewayConfig({ OVERLOAD_LAG_MS: '250', SHED_RETRY_AFTER_S: '2' }),
      clients,
      addresses,
      store: createMemoryStore(),
      logger: silentLogger,
      loopLagMs: () => lag.ms,
    });
    expect((await request(app).get('/api/openapi.json')).status).toBe(200);
    // A signed-out buy of card 12345: refused before any upstream, labelled by its template.
    const buy = await request(app).post('/api/market/buy/12345').send({ expectedPrice: 10 });
    expect(buy.status).toBe(401);
    expect((await request(app).get('/api/no/such/route/987')).status).toBe(401);
    lag.ms = 400;
    expect((await request(app).get('/api/openapi.json')).status).toBe(503);

    expect(
      await count(metrics.httpRequests, { route: '/api/openapi.json', method: 'GET', status: '200' }),
    ).toBe(1);
    // Refused before a route took them (no session): the /api/* bucket.
    expect(await count(metrics.httpRequests, { route: '/api/*', method: 'GET', status: '401' })).toBe(1);
    expect(await count(metrics.httpRequests, { route: '/api/*', method: 'POST', status: '401' })).toBe(1);
    // Shed before routing: the /api/* bucket, and counted as refused.
    expect(await count(metrics.httpRefused, { route: '/api/*', status: '503' })).toBe(1);
    const text = await metrics.metricsRegistry.metrics();
    expect(text).not.toMatch(/route="[^"]*(12345|987)/);
    expect(text).toMatch(
      /touchline_http_request_duration_seconds_count\{route="\/api\/openapi.json",method="GET"\} [12]/,
    );
  });
});
