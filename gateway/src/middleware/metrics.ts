import type { Request, RequestHandler } from 'express';
import { metrics } from '@touchline/kit';
import { countsAsRefused } from './shedding';

/**
 * The route template a request matched (`/api/market/buy/:id`), never its raw path: bounded labels.
 * An /api request no route took (refused by a check before routing, or a 404) is `/api/*`; the
 * web's files and the rest are `other`.
 */
function routeOf(req: Request): string {
  const template = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof template === 'string') return `${req.baseUrl}${template}`;
  return req.originalUrl.startsWith('/api/') ? '/api/*' : 'other';
}

/**
 * RED per route: every answer's status and duration; a 429 or 503 with Retry-After (a client over
 * its limit, load shed by loop-lag, in-flight or an upstream's gate) also counts as refused.
 */
export function recordRequests(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = routeOf(req);
      const status = String(res.statusCode);
      metrics.httpRequests.inc({ route, method: req.method, status });
      metrics.httpDuration.observe({ route, method: req.method }, (performance.now() - started) / 1000);
      if (countsAsRefused(res.statusCode, res.getHeader('retry-after')))
        metrics.httpRefused.inc({ route, status });
    });
    next();
  };
}
