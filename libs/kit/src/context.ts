import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-request values that logs and outgoing calls pick up without threading them through the code.
 * Only the gateway runs its requests in it: once a process enters an AsyncLocalStorage, Node 20 runs
 * promise hooks on every promise: 4 to 8% of the services' CPU samples under a market buy (a
 * transaction makes hundreds of promises; a gateway request a few). Services get the request id
 * with each call instead (grpc/handlers.ts).
 */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export const REQUEST_ID_HEADER = 'x-request-id';
