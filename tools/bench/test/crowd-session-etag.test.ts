import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpDriver } from '../src/http-driver';
import { Session } from '../src/crowd/session';
import { Tally } from '../src/crowd/tally';

/** A server whose one shared answer has an ETag, and answers 304 to a client that sends it back. */
let server: http.Server;
let url: string;
const asked: (string | undefined)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const tag = req.headers['if-none-match'];
    asked.push(tag);
    if (tag === '"v1"') {
      res.writeHead(304, { etag: '"v1"' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end('[{"id":9}]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('asks again with the ETag it holds, as a browser does, and hands the held body on a 304', async () => {
  const driver = new HttpDriver(url);
  const tally = new Tally();
  const session = new Session(driver, 'etag@bench.example', '10.0.0.44', 5_000, (o) => tally.add(o));
  const first = await session.call('GET', '/api/market', { keep: true });
  const second = await session.call('GET', '/api/market', { keep: true });
  const drained = await session.call('GET', '/api/market');
  driver.close();
  expect(asked).toEqual([undefined, '"v1"', '"v1"']);
  expect([first.status, second.status, drained.status]).toEqual([200, 200, 200]);
  expect(second.text).toBe('[{"id":9}]');
  // A 304 is an answer the page uses, not a failure.
  expect(tally.notModified).toBe(2);
  expect(tally.statuses()).toEqual([]);
});
