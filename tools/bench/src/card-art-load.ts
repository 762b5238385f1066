import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { kb } from './first-load';
import type { Cookie } from './web-session';

/** The Common Pack: 3 cards for 600 coins (services/cards-market/src/domain/packs.ts). */
const COMMON_PACK = { id: 1, size: 3 };
const SCREEN_CARDS = 30;
/** Issue 31: the art of a screen of 30 cards adds at most 30 KB gzip to what is transferred. */
const ART_TARGET_GZIP = 30 * 1024;

async function api(baseUrl: string, cookie: Cookie, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: `${cookie.name}=${cookie.value}`,
      ...(body === undefined
        ? {}
        : {
            'content-type': 'application/json',
            'idempotency-key': `bench-art-${Date.now()}-${Math.random()}`,
          }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Opens Common Packs until the player holds at least 30 cards (a new player holds 3 and 10,000 coins). */
async function fillCollection(baseUrl: string, cookie: Cookie): Promise<number> {
  let held = ((await api(baseUrl, cookie, '/api/user/cards')) as unknown[]).length;
  while (held < SCREEN_CARDS) {
    await api(baseUrl, cookie, '/api/packs/purchase', { packId: COMMON_PACK.id });
    held += COMMON_PACK.size;
  }
  return held;
}

interface Fetched {
  file: string;
  kind: string;
  transferred: number;
  gzip: number;
}

/**
 * The card art a 30-card collection screen transfers, opened cold at phone width in Grid View: the
 * card-art chunk (figures, poses, backdrops, crests, finishes; web/build/card-art-chunk.ts) and any
 * picture fetched (none: the art is drawn). Prints it against the 30 KB gzip target.
 */
export async function printCardArtLoad(browser: Browser, baseUrl: string, cookie: Cookie): Promise<void> {
  const held = await fillCollection(baseUrl, cookie);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  try {
    await context.addCookies([{ ...cookie, url: baseUrl }]);
    const page = await context.newPage();
    const fetched: Promise<Fetched>[] = [];
    page.on('requestfinished', (request) => {
      fetched.push(
        (async () => {
          const sizes = await request.sizes();
          const body = await (await request.response())?.body().catch(() => Buffer.alloc(0));
          return {
            file: new URL(request.url()).pathname,
            kind: request.resourceType(),
            transferred: sizes.responseBodySize,
            gzip: body ? gzipSync(body, { level: 9 }).length : 0,
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/collection`);
    await page.getByRole('tab', { name: 'Grid View' }).click();
    const faces = page.getByRole('list', { name: 'Cards' }).locator('[data-rarity]');
    await faces.nth(SCREEN_CARDS - 1).waitFor({ timeout: 60_000 });
    const drawn = await faces.count();
    await page.waitForTimeout(500);
    const all = await Promise.all(fetched);
    const art = all.filter((f) => /\/card-art-[^/]*\.js$/.test(f.file));
    const pictures = all.filter((f) => f.kind === 'image' || /\.(svg|png|jpe?g|webp|avif)$/.test(f.file));
    const sum = (list: Fetched[], key: 'transferred' | 'gzip') => list.reduce((n, f) => n + f[key], 0);
    const artGzip = sum(art, 'gzip') + sum(pictures, 'gzip');
    console.log(`  /collection (Grid View, ${drawn} cards drawn of ${held} held): card art transferred`);
    console.log(
      `    art chunk as served ${kb(sum(art, 'transferred')).padStart(9)}  gzip ${kb(sum(art, 'gzip')).padStart(9)}  ${art.map((f) => f.file).join(' ') || '(none)'}`,
    );
    console.log(
      `    pictures ${pictures.length} files, ${kb(sum(pictures, 'transferred'))} as served  (${artGzip <= ART_TARGET_GZIP ? 'within target' : 'OVER TARGET'}: art gzip ${kb(artGzip)} <= ${kb(ART_TARGET_GZIP)})`,
    );
    console.log(
      `    the whole screen: ${all.length} requests, ${kb(sum(all, 'transferred'))} as served (scripts, styles and API answers included)`,
    );
  } finally {
    await context.close();
  }
}
