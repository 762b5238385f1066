import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { spawnApp, type RunningApp } from '@touchline/launcher/spawn';
import { useBrowser, phoneContext, uniqueEmail } from './support/browser';
import { signUpViaApi } from './support/api';

/** Issue 9 against the real embedded app: headers in a real browser, loopback only, revocations on disk. */
const baseUrl = appUrl();
const browser = useBrowser();

/** Every CSP violation the page reports, from the DOM event and from the console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load (CSP): ' + e.violatedDirective + ' ' + e.blockedURI));`,
  });
  return violations;
}

describe('Content-Security-Policy in Chromium (issue 9, item 4)', () => {
  it('/auth and / (signed in, home with its cards and figures) load with no CSP violation', async () => {
    const context = await phoneContext(browser(), baseUrl);
    const page = await context.newPage();
    const violations = watchViolations(page);
    const auth = await page.goto('/auth');
    expect(auth!.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(auth!.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('tab', { name: 'Sign Up' }).waitFor();
    await context.close();

    const home = await signUpViaApi(browser(), baseUrl, 'csp');
    const homeViolations = watchViolations(home);
    await home.goto('/');
    await home
      .getByText(/Welcome/)
      .first()
      .waitFor({ timeout: 20_000 });
    await home.goto('/market');
    await home.waitForLoadState('networkidle');
    expect([...violations, ...homeViolations]).toEqual([]);
    await home.context().close();
  });
});

function externalAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal);
  if (!found) throw new Error('this test needs a non-loopback IPv4 interface on the machine');
  return found.address;
}

const json = (body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

describe('npm start on one machine (issue 9, items 1 and 3)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-security-'));
  let app: RunningApp | undefined;

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on loopback only and says so; a logged-out session stays out after kill -9 and a restart', async () => {
    app = await spawnApp({ dataDir });
    expect(app.output()).toContain('Listening on 127.0.0.1 only');
    const port = new URL(app.url).port;
    await expect(fetch(`http://${externalAddress()}:${port}/healthz`)).rejects.toThrow();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const email = uniqueEmail('revoked');
    const registered = await fetch(`${app.url}/api/register`, json({ email, password: 'kill-nine-9' }));
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await fetch(`${app.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${app.url}/api/logout`, json({}, cookie))).status).toBe(200);
    expect((await fetch(`${app.url}/api/user`, { headers: { cookie } })).status).toBe(401);

    expect(await app.stop('SIGKILL')).toBeNull();
    app = await spawnApp({ dataDir });
    // Before issue 9 the token worked again here, until its 15 minutes were up.
    expect((await fetch(`${app.url}/api/user`, { headers: { cookie } })).status).toBe(401);
  }, 240_000);
});
