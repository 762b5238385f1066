import { existsSync } from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { devWebProxy } from './dev-proxy';
import { IMMUTABLE, precompressedAssets } from './http/precompressed';
import { SESSION_COOKIE } from './session';

const isPageRequest = (p: string) => !p.startsWith('/api/') && p !== '/api' && !p.startsWith('/dev/');

/**
 * The page for a browser with a session cookie, written by the web build beside index.html
 * (web/build/page-preloads.ts): it preloads the session and the signed-in first screen, where
 * index.html preloads /auth's.
 */
const SIGNED_IN_PAGE = 'index.signed-in.html';
/** The signed-in page for opening / (web/build/page-preloads.ts): it also preloads home's lists. */
const HOME_PAGE = 'index.home.html';
/** Read as the session middleware reads it (cookie-parser), without verifying it: a page is no secret. */
const hasSessionCookie = (req: express.Request) =>
  Boolean((req.cookies as Record<string, string | undefined>)[SESSION_COOKIE]);

/**
 * A browser opening the page itself: its request is the document's. The service worker's background
 * fetch of its shell is not (Sec-Fetch-Dest: empty); that shell serves every route, so it must not
 * preload home's lists. A browser that sends no Sec-Fetch-Dest counts as opening the page.
 */
const opensPage = (req: express.Request) => (req.get('sec-fetch-dest') ?? 'document') === 'document';

/** Files whose name never changes but whose content does: the browser asks again every time. */
const REVALIDATE = new Set(['sw.js', 'manifest.webmanifest']);

/**
 * The web app: in `npm run dev` every page request is proxied to the Vite dev server (hot reload);
 * otherwise the built files are served, with index.html for any route the SPA owns. Hashed assets
 * go out precompressed (brotli or gzip, written by the build) and cached for a year.
 */
export function mountWeb(app: Express, options: { webDist?: string; devWebUrl?: string }): void {
  if (options.devWebUrl) {
    app.use(devWebProxy(options.devWebUrl, isPageRequest));
    return;
  }
  const dist = options.webDist ? path.resolve(options.webDist) : undefined;
  if (!dist || !existsSync(path.join(dist, 'index.html'))) return;
  app.use('/assets', precompressedAssets(path.join(dist, 'assets')));
  app.use(express.static(dist, { index: false, maxAge: '1h', setHeaders: cacheHeaders }));
  const signedInPage = existsSync(path.join(dist, SIGNED_IN_PAGE)) ? SIGNED_IN_PAGE : 'index.html';
  const homePage = existsSync(path.join(dist, HOME_PAGE)) ? HOME_PAGE : signedInPage;
  const pageFor = (req: express.Request) => {
    if (!hasSessionCookie(req)) return 'index.html';
    return req.path === '/' && opensPage(req) ? homePage : signedInPage;
  };
  app.get(/.*/, cookieParser(), (req, res, next) => {
    if (!isPageRequest(req.path) || !req.accepts('html')) return next();
    res.set('Cache-Control', 'no-cache');
    res.vary('Cookie');
    res.vary('Sec-Fetch-Dest');
    res.sendFile(path.join(dist, pageFor(req)));
  });
}

function cacheHeaders(res: express.Response, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.set('Cache-Control', IMMUTABLE);
  else if (REVALIDATE.has(path.basename(filePath))) res.set('Cache-Control', 'no-cache');
}
