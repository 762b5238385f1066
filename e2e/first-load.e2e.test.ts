import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { kb, measureFirstLoad } from '../tools/bench/src/first-load';
import { HOME_LISTS } from '../web/build/page-preloads';
import { useBrowser, phoneContext, uniqueEmail } from './support/browser';

/**
 * Issue 13, item 1: what the first load of /auth and of / costs (bytes of script, gzip, the
 * yardstick of the targets), that it goes out compressed, and that the app installs and opens
 * offline. Sizes only: `npm run bench:web` prints the times and Lighthouse's score.
 *
 * The budgets are the targets, 120 KB and 170 KB (the sizes before and since are in
 * docs/performance.md, `bench:web`).
 * React, react-dom, react-router and react-query alone are about 105 KB of it: what is left is kept
 * small by loading sonner with the first toast, the bell's popover at its first press and the
 * dialogs when they open.
 */
const baseUrl = appUrl();
const TARGET_AUTH_JS_GZIP = 120 * 1024;
const TARGET_HOME_JS_GZIP = 170 * 1024;
const browser = useBrowser();

/** A returning player's session cookie: signed up through the API, the starter pack seen. */
async function returningPlayer(): Promise<{ name: string; value: string; url: string }> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('firstload'), password: 'e2e-password-1' }),
  });
  expect(res.status).toBe(201);
  const [name, value] = (res.headers.get('set-cookie') ?? '').split(';')[0]!.split('=') as [string, string];
  const revealed = await fetch(`${baseUrl}/api/user/starter-pack/revealed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${name}=${value}` },
    body: '{}',
  });
  expect(revealed.status).toBe(200);
  return { name, value, url: baseUrl };
}

async function withContext<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await phoneContext(browser(), baseUrl);
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}

describe('first load', () => {
  it(`/auth loads at most ${kb(TARGET_AUTH_JS_GZIP)} of script (gzip), sent as brotli`, async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      // Assets of 1 KB or more go out as brotli (smaller ones are not worth compressing).
      const encodings: Promise<string>[] = [];
      page.on('response', (response) => {
        if (!new URL(response.url()).pathname.startsWith('/assets/')) return;
        encodings.push(
          response
            .body()
            .then((body) =>
              body.length < 1024 ? 'small' : (response.headers()['content-encoding'] ?? 'none'),
            ),
        );
      });
      const bytes = await measureFirstLoad(page, `${baseUrl}/auth`);
      // Without a session the page preloads /auth's screen, not the signed-in one.
      const html = await (await fetch(`${baseUrl}/auth`, { headers: { accept: 'text/html' } })).text();
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/AuthRoute-/);
      expect(html).not.toMatch(/first-screen-|\/api\/user/);
      console.warn(
        `first load of /auth: JS ${kb(bytes.js.gzip)} gzip (${kb(bytes.js.transferred)} as served)`,
      );

      await expect
        .poll(() => page.getByRole('button', { name: 'Login', exact: true }).isVisible())
        .toBe(true);
      expect(bytes.js.gzip).toBeLessThanOrEqual(TARGET_AUTH_JS_GZIP);
      // Split by route: the screens of a signed-in player are not part of it.
      expect(
        bytes.js.files.some((file) => /HomeRoute|MarketRoute|PriceChart|guards|AppLayout/.test(file)),
      ).toBe(false);
      expect(bytes.js.transferred).toBeLessThan(bytes.js.decoded / 3);
      const sent = await Promise.all(encodings);
      expect(sent.filter((encoding) => encoding !== 'small' && encoding !== 'br')).toEqual([]);
      expect(sent.filter((encoding) => encoding === 'br').length).toBeGreaterThan(3);
    });
  });

  it(`/ signed in loads at most ${kb(TARGET_HOME_JS_GZIP)} of script (gzip), without the price chart or Stripe`, async () => {
    const session = await returningPlayer();
    await withContext(async (context) => {
      await context.addCookies([session]);
      const page = await context.newPage();
      const apiRequests: string[] = [];
      page.on('request', (req) => {
        const { pathname } = new URL(req.url());
        if (pathname.startsWith('/api/')) apiRequests.push(`${req.method()} ${pathname}`);
      });
      // Chromium warns of a preload it could not use (credentials mode, `as`) or that nothing used.
      const preloadWarnings: string[] = [];
      page.on('console', (message) => {
        if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
      });
      const bytes = await measureFirstLoad(page, `${baseUrl}/`);
      console.warn(`first load of /: JS ${kb(bytes.js.gzip)} gzip (${kb(bytes.js.transferred)} as served)`);

      await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('list', { name: 'Trending players' }).isVisible()).toBe(true);
      // The signed-in page opening / preloads the session, the first screen's chunk and home's lists
      // (web/build/page-preloads.ts); the app's own requests for them are answered by those preloads,
      // not sent a second time.
      const html = await (
        await fetch(`${baseUrl}/`, {
          headers: { accept: 'text/html', cookie: `${session.name}=${session.value}` },
        })
      ).text();
      expect(html).toMatch(/<link rel="preload" href="\/api\/user" as="fetch"/);
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/first-screen-/);
      for (const list of HOME_LISTS) expect(html).toContain(`<link rel="preload" href="${list}" as="fetch"`);
      for (const path of ['/api/user', ...HOME_LISTS]) {
        expect(
          apiRequests.filter((req) => req === `GET ${path}`),
          path,
        ).toHaveLength(1);
      }
      expect(preloadWarnings).toEqual([]);
      expect(bytes.js.gzip).toBeLessThanOrEqual(TARGET_HOME_JS_GZIP);
      expect(
        bytes.js.files.some((file) =>
          /PriceChart|StripePaymentForm|AuthRoute|NotificationBellPopover|StarterPackOverlay|MomentDialog|SuspendedDialog/.test(
            file,
          ),
        ),
      ).toBe(false);
    });
  });
});

describe('first screen', () => {
  it('/ signed in: nothing on screen moves while home waits for its trending players', async () => {
    const session = await returningPlayer();
    await withContext(async (context) => {
      await context.addCookies([session]);
      const page = await context.newPage();
      // Every layout shift of the load, as Lighthouse's CLS counts them (page script as text: the
      // e2e project is typed for Node, without the DOM's names).
      await page.addInitScript(`
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            if (!e.hadRecentInput) window.__shifts.push(e.sources.map((s) => s.node && s.node.textContent).join(' | '));
          }
        }).observe({ type: 'layout-shift', buffered: true });
      `);
      // The trending answer comes after the rest, once the placeholder has shown (held until then, not
      // for a time: a slow first render would otherwise miss the placeholder).
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/market/trending', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('status').filter({ hasText: 'Loading trending players...' }).waitFor();
      release();
      await page.getByRole('list', { name: 'Trending players' }).waitFor();
      // Two frames, so the list's own layout is observed too.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      expect(await page.evaluate('window.__shifts')).toEqual([]);
    });
  });
});

describe('installable', () => {
  it('has a manifest with PNG icons, any and maskable, that the page links', async () => {
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Touchline', start_url: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of pngs) {
      const res = await fetch(`${baseUrl}${icon.src}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    const html = await (await fetch(`${baseUrl}/auth`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it('opens offline once visited, from the service worker, which never caches /api', async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      await page.goto('/auth');
      // The worker precaches the shell in its install step: it is ready (active) once that is done.
      // (Page scripts as text: the e2e project is typed for Node, without the DOM's names.)
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');

      await context.setOffline(true);
      await page.goto('/auth');
      await expect
        .poll(() => page.getByRole('button', { name: 'Login', exact: true }).isVisible())
        .toBe(true);
      // The API is never answered from a cache: offline it fails.
      expect(
        await page.evaluate(() =>
          fetch('/api/user').then(
            (res) => `answered ${res.status}`,
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      const cached = (await page.evaluate(`(async () => {
        const urls = [];
        for (const key of await caches.keys()) {
          for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      })()`)) as string[];
      expect(cached).toContain('/');
      expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
      await context.setOffline(false);
    });
  });
});
