import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayHarness, type GatewayHarness } from './support';

/** Issue 9, item 4: there were no security headers at all. */
let gw: GatewayHarness;
let webDist: string;

beforeAll(async () => {
  gw = await startGatewayHarness();
  webDist = mkdtempSync(path.join(tmpdir(), 'touchline-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Touchline</title>');
});
afterAll(async () => {
  await gw?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

function directives(res: Response): Map<string, string[]> {
  const csp = res.headers['content-security-policy'] as string | undefined;
  expect(csp, 'no Content-Security-Policy header').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: Response): Map<string, string[]> {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  const csp = directives(res);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('default-src')).toBeTruthy();
  return csp;
}

describe('security headers on every answer', () => {
  it('API answers, errors, health, unknown pages, the SPA and the dev mailbox all carry them', async () => {
    const app = gw.appWith({ WEB_DIST: webDist });
    const answers = [
      await request(app).get('/api/user'), // 401
      await request(app).get('/api/notifications/stream'), // 401: the live stream's refusals too
      await request(app).post('/api/login').set('Content-Type', 'application/json').send('{bad json'), // 400
      await request(app).post('/api/forgot-password').send({ email: 'no' }), // 400 from validation
      await request(app).get('/healthz'),
      await request(app).get('/dev/no-such-page'),
      await request(app).get('/auth').set('Accept', 'text/html'), // the SPA
      await request(app).get('/dev/mailbox'),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 400, 400, 200, 404, 200, 200]);
    for (const res of answers) expectSecurityHeaders(res);
  });

  it("the app's CSP: self only; Stripe's origins only when a publishable key is configured", async () => {
    const plain = expectSecurityHeaders(await request(gw.appWith({ WEB_DIST: webDist })).get('/'));
    expect(plain.get('default-src')).toEqual(["'self'"]);
    expect(plain.get('script-src')).toEqual(["'self'"]);
    expect(plain.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(plain.get('connect-src')).toEqual(["'self'"]);
    expect(plain.get('frame-src')).toEqual(["'none'"]);
    expect(plain.get('object-src')).toEqual(["'none'"]);
    expect([...plain.values()].flat().join(' ')).not.toMatch(/stripe/);
    for (const scripts of ['script-src', 'default-src', 'connect-src'])
      expect(plain.get(scripts)!.join(' ')).not.toMatch(/unsafe|\*/);

    const stripe = expectSecurityHeaders(
      await request(gw.appWith({ WEB_DIST: webDist, STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })).get('/'),
    );
    expect(stripe.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://js.stripe.com']));
    expect(stripe.get('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com']));
    expect(stripe.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
    expect(stripe.get('script-src')!.join(' ')).not.toMatch(/unsafe/);
  });

  it('the dev mailbox page allows its own inline stylesheet by hash, nothing else', async () => {
    const csp = expectSecurityHeaders(await request(gw.app).get('/dev/mailbox'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  });

  it('HSTS outside embedded mode only (embedded runs on plain http://localhost)', async () => {
    expect((await request(gw.app).get('/healthz')).headers['strict-transport-security']).toBeUndefined();
    const res = await request(gw.appWith({ EMBEDDED: 'false' })).get('/healthz');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});
