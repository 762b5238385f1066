import type { Request, RequestHandler } from 'express';
import {
  runWithContext,
  type IdempotencyScope,
  type RequestBudget,
  type RequestContext,
} from '@touchline/kit';

declare module 'express-serve-static-core' {
  interface Request {
    /** The time this request may spend upstream (kit grpc/deadline.ts); set by requestBudget. */
    budget?: RequestBudget;
  }
}

/**
 * Starts the request's budget (UPSTREAM_TIMEOUT_MS): every gRPC call it makes ends by then (or by its
 * own longer timeout, counted from the same start), and one made with nothing left is not sent. The
 * budget closes with the answer, so work that outlives the request keeps its own timeouts.
 * `queueWaitMs`: how long a call of a request with this method may wait for an upstream slot
 * (shedding.ts: a read's is short); undefined, the gate's own.
 */
export function requestBudget(
  ms: number,
  queueWaitMs: (method: string) => number | undefined = () => undefined,
): RequestHandler {
  return (req, res, next) => {
    const budget: RequestBudget = { startedAt: Date.now(), ms, open: true };
    const wait = queueWaitMs(req.method);
    if (wait !== undefined) budget.queueWaitMs = wait;
    req.budget = budget;
    res.once('close', () => {
      budget.open = false;
    });
    runWithContext(requestContext(req), next);
  };
}

/** The context the request's calls run in: its id, its budget, and the scope of its Idempotency-Key. */
export function requestContext(req: Request, idempotency?: IdempotencyScope): RequestContext {
  const context: RequestContext = { requestId: req.requestId };
  if (req.budget) context.budget = req.budget;
  if (idempotency) context.idempotency = idempotency;
  return context;
}
