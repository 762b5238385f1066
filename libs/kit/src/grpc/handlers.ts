import * as grpc from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '../context';
import { DomainError, toGrpcError } from '../errors';
import type { KeyScoper } from './scoped-keys';

/**
 * What a use case sees of the call besides its request message. Services keep no request context
 * across awaits (AsyncLocalStorage's promise hooks were 4 to 8% of their CPU samples): the request id
 * is here, in the adapter's log of a failure, and, with tracing on, the trace id in every log line.
 */
export interface CallContext {
  requestId: string;
  /** Absolute deadline set by the caller, if any. */
  deadline?: Date;
}

/**
 * Promise-returning use cases keyed by RPC name, typed from the generated `<Service>Handlers`.
 * Streaming RPCs are passed through in their grpc-js form.
 */
export type UseCases<H> = {
  [K in keyof H as string extends K ? never : K]?: H[K] extends grpc.handleUnaryCall<infer Req, infer Res>
    ? (req: Req, ctx: CallContext) => Promise<Res>
    : H[K];
};

function requestIdOf(metadata: grpc.Metadata): string {
  const value = metadata.get(REQUEST_ID_HEADER)[0];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : randomUUID();
}

/**
 * Adapts use cases to grpc-js handlers: the call's request id and deadline, its idempotency key
 * scoped to the client that sent it (`scopeKey`, see scoped-keys.ts), DomainError → status,
 * unexpected errors logged and answered INTERNAL without details, and every RPC of the
 * service that has no use case yet answers UNIMPLEMENTED.
 */
export function adaptHandlers(
  definition: grpc.ServiceDefinition,
  useCases: Record<string, unknown>,
  logger: Logger,
  scopeKey?: KeyScoper,
): grpc.UntypedServiceImplementation {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const useCase = useCases[name];
    if (typeof useCase !== 'function') {
      implementation[name] = (call: unknown, callback?: grpc.sendUnaryData<unknown>) => {
        const error = { code: grpc.status.UNIMPLEMENTED, details: `${name} is not implemented yet` };
        if (callback) callback(error);
        else
          (call as grpc.ServerWritableStream<unknown, unknown>).destroy(
            Object.assign(new Error(error.details), error),
          );
      };
      continue;
    }
    if (method.requestStream || method.responseStream) {
      implementation[name] = useCase as grpc.UntypedHandleCall;
      continue;
    }
    const run = useCase as (req: unknown, ctx: CallContext) => Promise<unknown>;
    implementation[name] = (
      call: grpc.ServerUnaryCall<unknown, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const requestId = requestIdOf(call.metadata);
      // grpc-js gives the server side its deadline as epoch milliseconds (Infinity when the caller set none).
      const deadline = Number(call.getDeadline());
      const ctx: CallContext = {
        requestId,
        deadline: Number.isFinite(deadline) ? new Date(deadline) : undefined,
      };
      // A call whose key the gateway scoped waits for its key first (a refused one never runs).
      const scoped = scopeKey?.(name, call.metadata, call.request);
      // A use case that throws before returning its promise is handled like one that rejects.
      const outcome = scoped
        ? scoped.then((request) => run(request, ctx))
        : new Promise((resolve) => resolve(run(call.request, ctx)));
      outcome.then(
        (response) => callback(null, response),
        (error: unknown) => {
          if (!(error instanceof DomainError))
            logger.error({ err: error, rpc: name, requestId }, 'unhandled error in use case');
          const { code, details, metadata } = toGrpcError(error);
          callback({ code, details, metadata });
        },
      );
    };
  }
  return implementation;
}
