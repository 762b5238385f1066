import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWeb } from '../src/web';

/**
 * `npm run dev`: the gateway sends page requests (and the hot-reload websocket) to the Vite dev
 * server and keeps /api and /dev for itself. A stand-in Vite answers with what it was asked.
 */
let vite: Server;
let gateway: Server;
let gatewayUrl: string;

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  vite = createServer((req, res) => res.end(`vite ${req.method} ${req.url}`));
  vite.on('upgrade', (req, socket) => {
    socket.end(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Path: ${req.url}\r\n\r\n`,
    );
  });
  const vitePort = await listen(vite);
  const app = express();
  mountWeb(app, { devWebUrl: `http://127.0.0.1:${vitePort}` });
  app.use((_req, res) => res.status(404).send('gateway'));
  gateway = createServer(app);
  gatewayUrl = `http://127.0.0.1:${await listen(gateway)}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  vite.closeAllConnections();
  await Promise.all([gateway, vite].map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('the dev proxy to Vite', () => {
  it('sends page and module requests to the dev server', async () => {
    const page = await fetch(`${gatewayUrl}/market?tab=cards`);
    expect(await page.text()).toBe('vite GET /market?tab=cards');
    const module = await fetch(`${gatewayUrl}/src/main.tsx`);
    expect(await module.text()).toBe('vite GET /src/main.tsx');
  });

  it('keeps /api and /dev for the gateway', async () => {
    for (const p of ['/api', '/api/me', '/dev/mailbox']) {
      const res = await fetch(`${gatewayUrl}${p}`);
      expect([p, res.status, await res.text()]).toEqual([p, 404, 'gateway']);
    }
  });

  it('proxies the hot-reload websocket upgrade', async () => {
    await fetch(`${gatewayUrl}/`); // the proxy takes over the server's upgrades on its first request
    const upgraded = await new Promise<{ status: number; path: string | undefined }>((resolve, reject) => {
      const req = request(`${gatewayUrl}/@vite/client`, {
        headers: { Connection: 'Upgrade', Upgrade: 'websocket' },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve({ status: res.statusCode!, path: res.headers['x-path'] as string | undefined });
      });
      req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.on('error', reject);
      req.end();
    });
    expect(upgraded).toEqual({ status: 101, path: '/@vite/client' });
  });
});
