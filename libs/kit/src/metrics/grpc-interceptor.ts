import * as grpc from '@grpc/grpc-js';
import { grpcDuration, grpcHandled } from './catalog';

/** `/touchline.wallet.Wallet/Pay` → `Pay`. */
function methodOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || 'unknown';
}

/** RED per RPC: every call's status code and duration, labelled by service and method. */
export function redInterceptor(service: string): grpc.ServerInterceptor {
  return (descriptor, call) => {
    const method = methodOf(descriptor.path);
    const started = performance.now();
    return new grpc.ServerInterceptingCall(call, {
      sendStatus(status, next) {
        grpcHandled.inc({ service, method, code: grpc.status[status.code] ?? String(status.code) });
        grpcDuration.observe({ service, method }, (performance.now() - started) / 1000);
        next(status);
      },
    });
  };
}
