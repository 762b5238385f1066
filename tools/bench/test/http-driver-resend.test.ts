import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpDriver } from '../src/http-driver';

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A server that answers the first request of each connection and resets the connection on any
 * later one (as one closing an idle kept-alive connection while a request comes in does), or on
 * every request when `always`.
 */
async function resettingServer(always = false): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = http.createServer((req, res) => {
    const served = req.socket as { served?: number };
    served.served = (served.served ?? 0) + 1;
    if (always || served.served > 1) {
      req.socket.resetAndDestroy();
      return;
    }
    res.end('ok');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
  };
}

describe('the load driver', () => {
  it('sends a request again on a new connection when its kept-alive one was reset before an answer', async () => {
    const { url, connections } = await resettingServer();
    const driver = new HttpDriver(url, { maxSockets: 1 });
    try {
      expect((await driver.request({ method: 'GET', path: '/a' })).status).toBe(200);
      // The same socket again: reset; sent again on a second connection, answered.
      const again = await driver.request({ method: 'GET', path: '/b' });
      expect([again.status, again.text, connections()]).toEqual([200, 'ok', 2]);
    } finally {
      driver.close();
    }
  });

  it('a reset on a new connection is no answer: nothing is sent again', async () => {
    const { url, connections } = await resettingServer(true);
    const driver = new HttpDriver(url);
    try {
      const answer = await driver.request({ method: 'GET', path: '/a' });
      expect([answer.status, connections()]).toEqual([0, 1]);
    } finally {
      driver.close();
    }
  });
});
