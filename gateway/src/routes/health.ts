import { Router } from 'express';
import { checkHealth } from '@touchline/kit';
import type { Upstream } from '../config';
import type { KeyValueStore } from '../store';

/** /healthz: the process answers. /readyz: every upstream says SERVING and the store answers. */
export function healthRoutes(addresses: Record<Upstream, string>, store: KeyValueStore): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(addresses).map(async ([name, address]) => [name, await checkHealth(address)] as const),
    );
    const store_ = await store.ping().then(
      () => 'SERVING',
      () => 'UNREACHABLE',
    );
    const checks = Object.fromEntries([...entries, ['store', store_]]);
    const ready = Object.values(checks).every((s) => s === 'SERVING');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks });
  });
  return router;
}
