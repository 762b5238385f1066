import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { IMMUTABLE, precompressedAssets } from './http/precompressed';

const isPageRequest = (p: string) => !p.startsWith('/api/') && p !== '/api' && !p.startsWith('/dev/');

/** Files whose name never changes but whose content does: the browser asks again every time. */
const REVALIDATE = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The web app: in `npm run dev` every page request is proxied to the Vite dev server (hot reload);
 * otherwise the built files are served, with index.html for any route the SPA owns. Hashed assets
 * go out precompressed (brotli or gzip, written by the build) and cached for a year.
 */
export function mountWeb(app: Express, options: { webDist?: string; devWebUrl?: string }): void {
  if (options.devWebUrl) {
    app.use(
      createProxyMiddleware({
        target: options.devWebUrl,
        changeOrigin: true,
        ws: true,
        pathFilter: (p) => isPageRequest(p),
      }),
    );
    return;
  }
  const dist = options.webDist ? path.resolve(options.webDist) : undefined;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return;
  app.use('/assets', precompressedAssets(path.join(dist, 'assets')));
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: cacheHeaders }));
  app.get(/.*/, (req, res, next) => {
    if (!isPageRequest(req.path) || !req.accepts('html')) return next();
    res.set('Cache-Control', 'no-cache');
    res.sendFile(path.join(dist, 'index.html'));
  });
}

function cacheHeaders(res: express.Response, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.set('Cache-Control', IMMUTABLE);
  else if (REVALIDATE.has(path.basename(filePath))) res.set('Cache-Control', 'no-cache');
}
