import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/**
 * What one page load fetched of one kind: the bytes on the wire (the encoded body, as served), the
 * same files gzipped at level 9 (the yardstick of the targets, whatever encoding the server chose),
 * the decoded bytes and the files.
 */
export interface KindBytes {
  transferred: number;
  gzip: number;
  decoded: number;
  files: string[];
}

export interface LoadedBytes {
  js: KindBytes;
  css: KindBytes;
}

const empty = (): KindBytes => ({ transferred: 0, gzip: 0, decoded: 0, files: [] });

/** How long the page must have fetched nothing (but its long-lived event stream) to count as loaded. */
const QUIET_MS = 800;
const LOAD_LIMIT_MS = 30_000;

/**
 * Loads `url` in `page` and adds up the scripts and stylesheets it fetched, as served: the encoded
 * (compressed) body size that crossed the wire, beside the decoded size. The page counts as loaded
 * once nothing but the notifications event stream has been in flight for a moment: the stream stays
 * open for good, so Playwright's 'networkidle' would never come.
 */
export async function measureFirstLoad(page: Page, url: string): Promise<LoadedBytes> {
  const seen: Promise<void>[] = [];
  const bytes: LoadedBytes = { js: empty(), css: empty() };
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const isStream = (request: Request) => request.url().includes('/api/notifications/stream');

  page.on('request', (request) => {
    if (isStream(request)) return;
    inFlight.add(request);
    lastActivity = Date.now();
  });
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    settle(request);
    const kind = request.resourceType();
    const bucket = kind === 'script' ? bytes.js : kind === 'stylesheet' ? bytes.css : undefined;
    if (!bucket) return;
    seen.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        bucket.transferred += sizes.responseBodySize;
        bucket.decoded += body.length;
        bucket.gzip += gzipSync(body, { level: 9 }).length;
        bucket.files.push(new URL(request.url()).pathname);
      })(),
    );
  });

  await page.goto(url, { waitUntil: 'load' });
  const started = Date.now();
  while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
    if (Date.now() - started > LOAD_LIMIT_MS) throw new Error(`${url} was still loading after 30 s`);
    await page.waitForTimeout(100);
  }
  await Promise.all(seen);
  bytes.js.files.sort();
  bytes.css.files.sort();
  return bytes;
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
