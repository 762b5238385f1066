import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from '@touchline/kit';
import { serveMetrics } from '@touchline/kit/metrics-server';
import { gatewayConfigSchema } from '../src/config';

// Issue 40, finding 3: the stack's gateway served /metrics (economy totals, no auth) on every
// interface because its metrics port followed HOST. Only the chart opens it, to the pod network.
describe('the metrics port listens on loopback unless the deployment says otherwise', () => {
  it('is loopback for a service even when its gRPC port is on every interface', () => {
    const config = loadConfig(baseConfigSchema, { GRPC_HOST: '0.0.0.0', METRICS_PORT: '9464' });
    expect(config.METRICS_HOST).toBe('127.0.0.1');
  });

  it('is loopback for the gateway even when its HTTP port is on every interface', () => {
    const config = loadConfig(gatewayConfigSchema, { HOST: '0.0.0.0', METRICS_PORT: '9464' });
    expect(config.METRICS_HOST).toBe('127.0.0.1');
  });

  it("takes the pod network when the chart's METRICS_HOST says so", () => {
    const env = { METRICS_HOST: '0.0.0.0', METRICS_PORT: '9464' };
    expect(loadConfig(baseConfigSchema, env).METRICS_HOST).toBe('0.0.0.0');
    expect(loadConfig(gatewayConfigSchema, env).METRICS_HOST).toBe('0.0.0.0');
  });

  it('serves on loopback when no host is given', async () => {
    const served = await serveMetrics(0);
    try {
      const response = await fetch(`http://127.0.0.1:${served.port}/metrics`);
      expect(response.status).toBe(200);
      expect(served.address).toBe('127.0.0.1');
    } finally {
      await served.close();
    }
  });
});
