import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, stopTelemetry } from '../src/telemetry/sdk';

/**
 * The OpenTelemetry SDK as kit starts it: nothing without an endpoint, and spans exported over
 * OTLP (HTTP, protobuf) to the configured collector with one. A stand-in collector keeps what it
 * is sent.
 */
interface Export {
  path: string | undefined;
  body: Buffer;
}

let collector: Server;
let endpoint: string;
const received: Export[] = [];

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stopTelemetry();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  collector.closeAllConnections();
  await new Promise((resolve) => collector.close(resolve));
});

describe('telemetry', () => {
  it('starts nothing without an endpoint: spans are no-ops', () => {
    startTelemetry({});
    const span = trace.getTracer('kit-test').startSpan('not-recorded');
    expect(span.isRecording()).toBe(false);
    span.end();
  });

  it('exports spans to the OTLP endpoint, flushed on stop', async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = endpoint;
    startTelemetry(process.env);
    trace.getTracer('kit-test').startActiveSpan('touchline-telemetry-check', (span) => {
      expect(span.isRecording()).toBe(true);
      span.end();
    });
    await stopTelemetry();
    const traces = received.filter((r) => r.path === '/v1/traces');
    expect(traces.some((r) => r.body.includes('touchline-telemetry-check'))).toBe(true);
  });
});
