import express from 'express';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonAnswer, SYNC_COMPRESS_MAX_BYTES } from '../src/http/json-answer';
import { listenLocally, rawGet } from './support';

/**
 * Issue 41: a composed answer is compressed in one call instead of through the compression
 * middleware's zlib stream. What a client gets must not change: the same JSON, the coding it
 * accepts, `Vary`, and plain bytes for a small answer or a client that accepts no coding.
 */
const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `Player ${i}`, rarity: 'Common', price: 1000 + i }));
const BODIES: Record<string, unknown> = {
  small: { message: 'ok' },
  page: { items: cards(40) },
  // Above the synchronous limit: compressed on the thread pool.
  collection: { items: cards(3_000) },
};

let listening: Awaited<ReturnType<typeof listenLocally>>;

beforeAll(async () => {
  const app = express();
  app.all('/answer/:name', (req, res, next) => {
    sendJsonAnswer(req, res, 201, BODIES[req.params.name]).catch(next);
  });
  listening = await listenLocally(app);
});

afterAll(() => listening?.close());

const get = (name: string, headers: Record<string, string> = {}) =>
  rawGet(`${listening.baseUrl}/answer/${name}`, headers);

describe('sendJsonAnswer', () => {
  it('the collection body is above the synchronous limit (so both paths are tested)', () => {
    expect(JSON.stringify(BODIES.collection).length).toBeGreaterThan(SYNC_COMPRESS_MAX_BYTES);
    expect(JSON.stringify(BODIES.page).length).toBeLessThan(SYNC_COMPRESS_MAX_BYTES);
  });

  it.each(['page', 'collection'])(
    '%s: brotli, gzip or plain as accepted, the same JSON each time',
    async (name) => {
      const json = JSON.stringify(BODIES[name]);
      const br = await get(name, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(br.status).toBe(201);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(json.length / 3);
      expect(brotliDecompressSync(br.body).toString()).toBe(json);

      const gz = await get(name, { 'Accept-Encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).toString()).toBe(json);

      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const plain = await get(name, accept ? { 'Accept-Encoding': accept } : {});
        expect(plain.headers['content-encoding'], accept).toBeUndefined();
        expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(plain.body.toString()).toBe(json);
      }
    },
  );

  it('a small answer goes out as it is, whatever the client accepts', async () => {
    const res = await get('small', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(201);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ message: 'ok' });
  });
});
