import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request values that logs and outgoing calls pick up without threading them through the code.
 * Only the gateway runs its requests in it. Services get the request id with each call instead
 * (grpc/handlers.ts): an explicit argument that a use case's test can set. (On Node 20 an entered
 * AsyncLocalStorage also cost promise hooks on every promise; Node 24's AsyncContextFrame does not.)
 */
export interface RequestContext {
  requestId: string;
  /** Whose Idempotency-Key the calls carry, and what it was sent with (grpc/scoped-keys.ts). */
  idempotency?: IdempotencyScope;
  /** The time the request may spend upstream, from its start: calls get what is left (grpc/deadline.ts). */
  budget?: RequestBudget;
}

/**
 * A request's time budget. `open` turns false when its answer is sent: work the request started that
 * outlives it (a shared refresh, a timer it created) is no longer held to its budget.
 */
export interface RequestBudget {
  /** When the request started (ms since the epoch, as gRPC deadlines are). */
  startedAt: number;
  /** How long its upstream calls may take in all, unless a call asks for longer (a buy's 15 s). */
  ms: number;
  open: boolean;
  /**
   * The longest one of its calls may wait for a slot at a gate (shedding/call-gate.ts); unset, the
   * gate's own. A read is cheap to ask again and worth nothing late, so the gateway keeps its wait
   * short: refused within it, the client backs off instead of waiting into a timeout.
   */
  queueWaitMs?: number;
}

/**
 * Set by the gateway for a route the contract marks idempotent, when the client sent a key: the
 * caller and route the key belongs to, and a fingerprint of the request it came with.
 */
export interface IdempotencyScope {
  scope: string;
  fingerprint: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Runs fn outside any request: what it starts (a process-wide timer) does not carry the request id
 * or the budget of the request that happened to start it.
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}

export const REQUEST_ID_HEADER = 'x-request-id';
export const IDEMPOTENCY_SCOPE_HEADER = 'x-idempotency-scope';
export const IDEMPOTENCY_FINGERPRINT_HEADER = 'x-idempotency-fingerprint';
