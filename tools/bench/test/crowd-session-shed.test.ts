import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpDriver } from '../src/http-driver';
import { Session, shedWaitMs } from '../src/crowd/session';
import type { Outcome } from '../src/crowd/tally';

// A gateway that sheds: the first two answers of every path are a refusal with Retry-After: 0.
const sent: { url: string; key: string | undefined }[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const tries = sent.filter((s) => s.url === req.url).length;
      sent.push({ url: req.url!, key: req.headers['idempotency-key'] as string | undefined });
      if (req.url === '/api/never-mind') return void res.writeHead(503).end('{"message":"busy"}');
      if (tries < 2) return void res.writeHead(tries ? 429 : 503, { 'retry-after': '0' }).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("a crowd player's shed requests", () => {
  it('are sent again after Retry-After with the same key, each refusal counted with its Retry-After', async () => {
    const seen: Outcome[] = [];
    const session = new Session(new HttpDriver(url), 'p@bench.example', '10.0.0.9', 5_000, (o) =>
      seen.push(o),
    );
    const answer = await session.call('POST', '/api/market/buy/3', { body: {}, idempotent: true });
    expect(answer.status).toBe(200);
    const buys = sent.filter((s) => s.url === '/api/market/buy/3');
    expect(buys).toHaveLength(3);
    expect(new Set(buys.map((b) => b.key)).size).toBe(1);
    expect(seen.map((o) => [o.status, o.retryAfter])).toEqual([
      [503, true],
      [429, true],
      [200, false],
    ]);
    // Without Retry-After the refusal is the answer.
    expect((await session.call('GET', '/api/never-mind')).status).toBe(503);
    expect(sent.filter((s) => s.url === '/api/never-mind')).toHaveLength(1);
  });

  it('are given up after three tries, and a change without a key is not sent again', () => {
    const shed = { status: 503, text: '', timedOut: false, retryAfter: '2' };
    expect(shedWaitMs(shed, true, 1)).toBe(2_000);
    expect(shedWaitMs(shed, true, 3)).toBeUndefined();
    expect(shedWaitMs(shed, false, 1)).toBeUndefined();
    expect(shedWaitMs({ ...shed, retryAfter: '600' }, true, 1)).toBe(10_000);
  });
});
