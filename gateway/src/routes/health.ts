import { Router, type RequestHandler } from 'express';
import { checkHealth } from '@touchline/kit';
import type { Upstream } from '../config';
import type { Readiness, DependencyCheck } from '../http/readiness';
import type { KeyValueStore } from '../store';

/** The store's ping may hang on a half-open Redis connection; the gRPC checks have their own deadline. */
const STORE_PING_TIMEOUT_MS = 1_000;

/** One check of every upstream's grpc.health.v1 and the store: what a refresh of /readyz runs. */
export function dependencyCheck(addresses: Record<Upstream, string>, store: KeyValueStore): DependencyCheck {
  return async () => {
    const [upstreams, store_] = await Promise.all([
      Promise.all(
        Object.entries(addresses).map(async ([name, address]) => [name, await checkHealth(address)] as const),
      ),
      pingWithin(store, STORE_PING_TIMEOUT_MS),
    ]);
    return Object.fromEntries([...upstreams, ['store', store_]]);
  };
}

function pingWithin(store: KeyValueStore, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('UNREACHABLE'), timeoutMs);
  });
  const ping = store.ping().then(
    () => 'SERVING',
    () => 'UNREACHABLE',
  );
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers. /readyz: every upstream says SERVING and the store answers, from
 * the state `readiness` keeps (never a check per call). `guards` run first: probes count like any
 * anonymous call (app.ts).
 */
export function healthRoutes(readiness: Readiness, guards: RequestHandler[]): Router {
  const router = Router();
  router.get('/healthz', ...guards, (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', ...guards, async (_req, res) => {
    const { ready, checks } = await readiness.current();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  return router;
}
