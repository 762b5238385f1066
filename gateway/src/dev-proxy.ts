import { createRequire } from 'node:module';
import type { RequestHandler } from 'express';
import type * as ProxyMiddleware from 'http-proxy-middleware';

/**
 * `npm run dev`: page requests go to the Vite dev server (hot reload, its websocket included).
 * http-proxy-middleware is a dev dependency and is required only here, when a dev server is
 * configured: the production image installs production dependencies only and never loads it.
 */
export function devWebProxy(target: string, proxies: (path: string) => boolean): RequestHandler {
  const { createProxyMiddleware } = createRequire(__filename)(
    'http-proxy-middleware',
  ) as typeof ProxyMiddleware;
  return createProxyMiddleware({ target, changeOrigin: true, ws: true, pathFilter: (p) => proxies(p) });
}
