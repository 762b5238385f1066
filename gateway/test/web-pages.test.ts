import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { SESSION_COOKIE } from '../src/session';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { gatewayConfig, UNREACHABLE } from './support';

/**
 * Issue 15, the page: the build writes a page for a browser with a session cookie that preloads the
 * signed-in first screen (web/build/page-preloads.ts); the gateway sends it by the cookie's presence.
 * No upstream is needed: pages are files.
 */
const SIGNED_OUT = '<!doctype html><title>Touchline</title><link rel="modulepreload" href="/assets/Auth.js">';
const SIGNED_IN = '<!doctype html><title>Touchline</title><link rel="modulepreload" href="/assets/Home.js">';
const HOME = `${SIGNED_IN}<link rel="preload" href="/api/user/cards" as="fetch">`;

let clients: Clients;
let store: KeyValueStore;
const dists: string[] = [];

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'touchline-web-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  dists.push(dir);
  return dir;
}

const appServing = (webDist: string) =>
  createApp({
    config: gatewayConfig({ WEB_DIST: webDist }),
    clients,
    addresses: Object.fromEntries(UPSTREAMS.map((u) => [u, UNREACHABLE])) as Record<Upstream, string>,
    store,
    logger: silentLogger,
  });

beforeAll(() => {
  const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, UNREACHABLE])) as Record<Upstream, string>;
  clients = createClients(addresses, { defaultTimeoutMs: 2_000 });
  store = createMemoryStore();
});
afterAll(async () => {
  if (clients) closeClients(clients);
  await store?.close();
  for (const dir of dists) rmSync(dir, { recursive: true, force: true });
});

describe('the first page', () => {
  it('a browser with a session cookie gets the signed-in page, any other the signed-out one', async () => {
    const app = appServing(
      dist({ 'index.html': SIGNED_OUT, 'index.signed-in.html': SIGNED_IN, 'index.home.html': HOME }),
    );
    const page = (pathname: string, cookie?: string, dest?: string) => {
      const req = request(app).get(pathname).set('Accept', 'text/html');
      if (dest) void req.set('Sec-Fetch-Dest', dest);
      return cookie ? req.set('Cookie', cookie) : req;
    };

    const signedIn = await page('/market', `theme=dark; ${SESSION_COOKIE}=abc.def.ghi`, 'document');
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toBe(SIGNED_IN);
    // Opening /, the page that also preloads home's lists; a browser that sends no Sec-Fetch-Dest too.
    expect((await page('/', `${SESSION_COOKIE}=abc`, 'document')).text).toBe(HOME);
    expect((await page('/', `${SESSION_COOKIE}=abc`)).text).toBe(HOME);
    // The service worker's fetch of its shell, which serves every route: not home's preloads.
    expect((await page('/', `${SESSION_COOKIE}=abc`, 'empty')).text).toBe(SIGNED_IN);

    expect((await page('/')).text).toBe(SIGNED_OUT);
    expect((await page('/auth', 'theme=dark')).text).toBe(SIGNED_OUT);
    // A cookie whose name only starts like the session's is not one.
    expect((await page('/', `${SESSION_COOKIE}_old=abc`)).text).toBe(SIGNED_OUT);

    // Both vary by the cookie, so no cache hands one browser's page to another, and are revalidated.
    expect(signedIn.headers['vary']).toMatch(/Cookie/);
    expect(signedIn.headers['vary']).toMatch(/Sec-Fetch-Dest/);
    expect(signedIn.headers['cache-control']).toBe('no-cache');
  });

  it('a build without the home page serves the signed-in page on / too', async () => {
    const app = appServing(dist({ 'index.html': SIGNED_OUT, 'index.signed-in.html': SIGNED_IN }));
    const res = await request(app).get('/').set('Accept', 'text/html').set('Cookie', `${SESSION_COOKIE}=abc`);
    expect(res.text).toBe(SIGNED_IN);
  });

  it('a build without the signed-in page serves index.html to everyone', async () => {
    const app = appServing(dist({ 'index.html': SIGNED_OUT }));
    const res = await request(app).get('/').set('Accept', 'text/html').set('Cookie', `${SESSION_COOKIE}=abc`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(SIGNED_OUT);
  });
});
