import * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import { context, propagation } from '@opentelemetry/api';
import {
  currentContext,
  IDEMPOTENCY_FINGERPRINT_HEADER,
  IDEMPOTENCY_SCOPE_HEADER,
  REQUEST_ID_HEADER,
} from '../context';
import { sendOrRefuse, type CallGate } from '../shedding';
import { callDeadline } from './deadline';
import { withReusedDecoding } from './encoded-once';
import { channelTarget } from './target';

export interface CallOptions {
  /**
   * Milliseconds from now (default from the client); within a request no later than the end of its
   * budget (grpc/deadline.ts).
   */
  timeoutMs?: number;
}

/** Promise methods derived from a generated `<Service>Definition` type. */
export type PromiseClient<D> = {
  [K in keyof D as string extends K ? never : K]: D[K] extends MethodDefinition<
    infer Req,
    infer _ResIn,
    infer _ReqOut,
    infer Res
  >
    ? (request: Req, options?: CallOptions) => Promise<Res>
    : never;
} & { close(): void };

export interface ClientOptions {
  defaultTimeoutMs?: number;
  /** Methods whose answers are reused when their bytes equal a recent answer's (grpc/encoded-once.ts). */
  reuseDecoded?: readonly string[];
  /** Limits the calls in flight (shedding/call-gate.ts); a call it refuses is never sent. */
  gate?: CallGate;
}

/**
 * Metadata for an outgoing call: request id of the current request, the scope of its idempotency key
 * when it has one, and W3C trace context (streams pass it themselves).
 */
export function outgoingMetadata(): grpc.Metadata {
  const metadata = new grpc.Metadata();
  const current = currentContext();
  if (current?.requestId) metadata.set(REQUEST_ID_HEADER, current.requestId);
  if (current?.idempotency) {
    metadata.set(IDEMPOTENCY_SCOPE_HEADER, current.idempotency.scope);
    metadata.set(IDEMPOTENCY_FINGERPRINT_HEADER, current.idempotency.fingerprint);
  }
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  for (const [key, value] of Object.entries(carrier)) metadata.set(key, value);
  return metadata;
}

/**
 * A small promise-based client for one downstream service (`address`: one host:port, or its
 * replicas' list, called round-robin: grpc/target.ts). Each call carries a deadline, the request id
 * and the trace context; unary RPCs only (streams are used through `raw`). A call whose request has
 * no time left, or that its gate refuses, is not sent: it rejects with the gate's refusal.
 */
export function createPromiseClient<D>(
  definition: grpc.ServiceDefinition,
  address: string,
  options: ClientOptions = {},
): PromiseClient<D> & { raw: grpc.Client } {
  const Ctor = grpc.makeGenericClientConstructor(
    options.reuseDecoded ? withReusedDecoding(definition, options.reuseDecoded) : definition,
    'touchline',
  );
  const { target, options: balancing } = channelTarget(address);
  const raw = new Ctor(target, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.enable_retries': 1,
    ...balancing,
  });
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 5_000;
  const gate = options.gate;
  const client: Record<string, unknown> = { raw, close: () => raw.close() };
  for (const [name, method] of Object.entries(definition)) {
    if (method.requestStream || method.responseStream) continue;
    const fn = (
      raw as unknown as Record<string, grpc.requestCallback<unknown> & ((...args: unknown[]) => void)>
    )[name]!;
    const send = (request: unknown, metadata: grpc.Metadata, deadline: number) =>
      new Promise((resolve, reject) => {
        fn.call(raw, request, metadata, { deadline }, (error: grpc.ServiceError | null, response: unknown) =>
          error ? reject(error) : resolve(response),
        );
      });
    client[name] = (request: unknown, callOptions: CallOptions = {}) => {
      const now = Date.now();
      const budget = currentContext()?.budget;
      const deadline = callDeadline(now, callOptions.timeoutMs, defaultTimeoutMs, budget);
      const metadata = outgoingMetadata();
      // Work that outlives its request (a shared refresh) is no longer held to the request's wait.
      const wait = budget?.open && budget.queueWaitMs !== undefined ? { maxWaitMs: budget.queueWaitMs } : {};
      return sendOrRefuse(() => send(request, metadata, deadline), deadline, now, gate, wait);
    };
  }
  return client as PromiseClient<D> & { raw: grpc.Client };
}
