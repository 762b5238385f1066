import type { NodeSDK } from '@opentelemetry/sdk-node';
import type * as SdkNode from '@opentelemetry/sdk-node';
import type * as Http from '@opentelemetry/instrumentation-http';
import type * as Express from '@opentelemetry/instrumentation-express';
import type * as Grpc from '@opentelemetry/instrumentation-grpc';
import type * as Pg from '@opentelemetry/instrumentation-pg';
import type * as IORedis from '@opentelemetry/instrumentation-ioredis';

let sdk: NodeSDK | undefined;

/* eslint-disable @typescript-eslint/no-require-imports */
export function startTelemetry(env: NodeJS.ProcessEnv = process.env): void {
  if (sdk || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  // No kafkajs instrumentation: its producer span starts from the relay's timer and overwrote the
  // trace context each event carries from the request that wrote it. The relay (publish) and the
  // inbox (handle) make the event spans instead, in the request's trace.
  // Required lazily: without an endpoint none of the SDK is loaded at all.
  const { NodeSDK: Sdk } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof Http;
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof Express;
  const { GrpcInstrumentation } = require('@opentelemetry/instrumentation-grpc') as typeof Grpc;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof Pg;
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof IORedis;
  sdk = new Sdk({
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      new GrpcInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
}
/* eslint-enable @typescript-eslint/no-require-imports */

export async function stopTelemetry(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown();
}
