import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@touchline/kit/testing';
import { createApp } from '../src/app';
import { closeClients, createClients, type Clients } from '../src/clients';
import { UPSTREAMS, type Upstream } from '../src/config';
import { preferredCoding } from '../src/http/accept-encoding';
import { createMemoryStore, type KeyValueStore } from '../src/store';
import { gatewayConfig, UNREACHABLE, listenLocally, rawGet as getRaw } from './support';

/**
 * Issue 13, item 1: the gateway sent the 738 KB script and every JSON answer uncompressed, even to
 * a browser that asked for gzip or brotli. No upstream is needed here: the assets are files, and
 * GET /api/openapi.json is a large JSON answer the gateway makes itself.
 */
const SCRIPT = `export const players = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Player ${i}` })))};\n`;
const STYLE = `.card { color: #34d399; }\n`.repeat(200);
const JS = 'index-Bx12_abc.js';
const CSS = 'index-Qw34-def.css';

let webDist: string;
let clients: Clients;
let store: KeyValueStore;
let listening: Awaited<ReturnType<typeof listenLocally>> | undefined;
let baseUrl: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'touchline-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Touchline</title>');
  writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDist, 'assets', JS), SCRIPT);
  writeFileSync(path.join(webDist, 'assets', `${JS}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDist, 'assets', `${JS}.gz`), gzipSync(SCRIPT));
  // No precompressed copies of the stylesheet: the plain file is served.
  writeFileSync(path.join(webDist, 'assets', CSS), STYLE);

  const addresses = Object.fromEntries(UPSTREAMS.map((u) => [u, UNREACHABLE])) as Record<Upstream, string>;
  clients = createClients(addresses, { defaultTimeoutMs: 2_000 });
  store = createMemoryStore();
  const app = createApp({
    config: gatewayConfig({ WEB_DIST: webDist }),
    clients,
    addresses,
    store,
    logger: silentLogger,
  });
  listening = await listenLocally(app);
  baseUrl = listening.baseUrl;
});

afterAll(async () => {
  await listening?.close();
  if (clients) closeClients(clients);
  await store?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const rawGet = (pathname: string, headers: Record<string, string> = {}) =>
  getRaw(`${baseUrl}${pathname}`, headers);

const CHROME = 'gzip, deflate, br, zstd';

describe('hashed assets, precompressed at build', () => {
  it('sends the brotli copy to a browser that accepts it, typed, varied and cached for a year', async () => {
    const res = await rawGet(`/assets/${JS}`, { 'Accept-Encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', '*;q=0.5, br;q=0']) {
      const res = await rawGet(`/assets/${JS}`, { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends the plain file to a client that accepts no coding, still varied and immutable', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0, br;q=0' },
    ];
    for (const headers of variants) {
      const res = await rawGet(`/assets/${JS}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('an asset without copies is still served, compressed on the fly', async () => {
    const res = await rawGet(`/assets/${CSS}`, { 'Accept-Encoding': CHROME });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(STYLE);
  });

  it('a name that is not a flat asset name, or a missing asset, is never read off the disk', async () => {
    expect(
      (await rawGet('/assets/..%2findex.html', { 'Accept-Encoding': CHROME })).headers['content-encoding'],
    ).toBeUndefined();
    const missing = await rawGet('/assets/nope-123.js', { 'Accept-Encoding': CHROME, Accept: 'text/html' });
    expect(missing.headers['content-encoding']).not.toBe('br');
    expect(missing.body.toString()).not.toContain('export const players');
  });

  it('the service worker is revalidated on every visit; index.html too', async () => {
    expect((await rawGet('/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await rawGet('/market', { Accept: 'text/html' })).headers['cache-control']).toBe('no-cache');
  });
});

describe('answers the gateway makes', () => {
  it('a JSON answer above 1 KB is compressed for a browser that accepts it', async () => {
    const plain = await rawGet('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet('/api/openapi.json', { 'Accept-Encoding': CHROME });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    expect(br.body.length).toBeLessThan(plain.body.length / 3);

    const gz = await rawGet('/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });

  it('a small answer goes out as it is', async () => {
    const res = await rawGet('/api/user', { 'Accept-Encoding': CHROME });
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ message: expect.any(String) });
  });
});

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate, identity', undefined],
    ['br;q=0.0, gzip;q=0', undefined],
  ])('%j → %s', (header, expected) => {
    expect(preferredCoding(header, ['br', 'gzip'])).toBe(expected);
  });
});
