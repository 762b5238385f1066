import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAnswers } from '../src/http/compress-answers';
import { sendSharedAnswer, sharedCompressed } from '../src/http/shared-answer';
import { sharedBody, sharedJson } from '../src/http/shared-json';
import { listenLocally, rawGet as getRaw } from './support';

/** One answer object shared by every request, as the cards-market client hands back for equal bytes. */
const source = { players: Array.from({ length: 300 }, (_, id) => ({ id, name: `Player ${id}` })) };
const small = { ok: true };
let listening: Awaited<ReturnType<typeof listenLocally>>;

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers());
  for (const [path, shared] of [
    ['/big', source],
    ['/small', small],
  ] as const) {
    app.get(path, (req, res, next) => {
      const body = sharedBody(shared, (s) => ({ ...s }));
      sendSharedAnswer(req, res, 200, body, sharedJson(body)!).catch(next);
    });
  }
  listening = await listenLocally(app);
});

afterAll(() => listening?.close());

const rawGet = (path: string, headers: Record<string, string> = {}) =>
  getRaw(`${listening.baseUrl}${path}`, headers);

describe('a shared answer', () => {
  it('goes out compressed once for every request that accepts it, and decodes to its JSON', async () => {
    const first = await rawGet('/big', { 'Accept-Encoding': 'gzip, deflate' });
    const second = await rawGet('/big', { 'Accept-Encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(first.body).toString())).toEqual(source);
    expect(second.body.equals(first.body)).toBe(true);
    // The copy is made once per body: the same promise, the same bytes.
    const body = sharedBody(source, (s) => ({ ...s }));
    const json = sharedJson(body)!;
    expect(sharedCompressed(body, json, 'gzip')).toBe(sharedCompressed(body, json, 'gzip'));
  });

  it('prefers brotli, and is plain JSON for a client that accepts no coding or for a small body', async () => {
    const br = await rawGet('/big', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(source);
    const plain = await rawGet('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(source);
    const tiny = await rawGet('/small', { 'Accept-Encoding': 'gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString())).toEqual(small);
  });
});

describe('a shared body', () => {
  it('is derived once per source object', () => {
    const answer = { items: [{ userId: 7 }] };
    let derivations = 0;
    const derive = ({ items }: typeof answer) => {
      derivations++;
      return items.map((item) => ({ ...item, username: 'ann' }));
    };
    const first = sharedBody(answer, derive);
    expect(sharedBody(answer, derive)).toBe(first);
    expect(derivations).toBe(1);
    expect(sharedJson(first)).toBe('[{"userId":7,"username":"ann"}]');
  });

  it('is frozen in tests, to its leaves: a mutation throws instead of changing every later answer', () => {
    const body = sharedBody({ items: [{ userId: 8 }] }, ({ items }) => ({
      items: items.map((i) => ({ ...i })),
    }));
    expect(() => {
      body.items[0]!.userId = 9;
    }).toThrow(TypeError);
    expect(() => body.items.push({ userId: 10 })).toThrow(TypeError);
    expect(sharedJson(body)).toBe('{"items":[{"userId":8}]}');
  });
});
