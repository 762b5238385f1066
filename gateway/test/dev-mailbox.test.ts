import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from '@touchline/kit';
import { expectError, PASSWORD, startGatewayHarness, uniqueEmail, type GatewayHarness } from './support';

/**
 * Issue 9, item 1: anyone who could reach the embedded port asked for a victim's reset link and read
 * it at /dev/mailbox. The mailbox now answers this machine only, and only in embedded mode.
 */
let gw: GatewayHarness;

beforeAll(async () => {
  gw = await startGatewayHarness();
});
afterAll(async () => {
  await gw?.close();
});

/** An IPv4 address of this machine that is not loopback (the address a LAN visitor would use). */
function externalAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  if (!found) throw new Error('this test needs a non-loopback IPv4 interface on the machine');
  return found.address;
}

async function listen(app: ReturnType<GatewayHarness['appWith']>, host: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, host, () => resolve(s));
    s.once('error', reject);
  });
}

/** The attacker's first two steps: a reset for the victim, then the mailbox. */
async function requestResetFor(baseUrl: string): Promise<string> {
  const email = uniqueEmail('victim');
  const registered = await request(baseUrl).post('/api/register').send({ email, password: PASSWORD });
  expect(registered.status, registered.text).toBe(201);
  const forgot = await request(baseUrl).post('/api/forgot-password').send({ email });
  expect(forgot.status).toBe(200);
  expect(devMailbox.list().some((m) => m.to === email)).toBe(true);
  return email;
}

describe('/dev/mailbox (issue 9, item 1)', () => {
  it('answers a request from this machine (loopback, no proxy) in embedded mode', async () => {
    const email = await requestResetFor(gw.baseUrl);
    const res = await request(gw.baseUrl).get('/dev/mailbox?format=json');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(email);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives a visitor from another address the 404 of an unknown page: no reset link, no e-mails', async () => {
    const host = externalAddress();
    // The name a LAN visitor uses must be allowed (HOST=0.0.0.0 with ALLOWED_HOSTS), or every answer is 421.
    const server = await listen(gw.appWith({ ALLOWED_HOSTS: host }), host);
    try {
      const baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;
      const email = await requestResetFor(baseUrl);
      for (const path of ['/dev/mailbox?format=json', '/dev/mailbox']) {
        const res = await request(baseUrl).get(path);
        expectError(res, 404);
        expect(res.text).not.toContain(email);
        expect(res.text).not.toContain('reset=');
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a request a proxy forwards, even over loopback (a local reverse proxy in front)', async () => {
    const email = await requestResetFor(gw.baseUrl);
    for (const [header, value] of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
      ['X-Real-IP', '203.0.113.9'],
    ] as const) {
      const res = await request(gw.baseUrl).get('/dev/mailbox?format=json').set(header, value);
      expectError(res, 404);
      expect(res.text).not.toContain(email);
    }
  });

  it('does not exist outside embedded mode, not even for loopback', async () => {
    await requestResetFor(gw.baseUrl);
    const production = gw.appWith({ EMBEDDED: 'false' });
    expectError(await request(production).get('/dev/mailbox?format=json').set('Host', 'touchline.test'), 404);
  });
});
