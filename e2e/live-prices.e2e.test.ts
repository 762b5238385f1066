import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { axeCounts, describeFindings } from './support/axe';
import { apiJson, signUpViaApi } from './support/api';
import { useBrowser } from './support/browser';
import { openLive, useOwnApp } from './support/live';

/**
 * Prices and listings move on screen as they move on the server, through the live stream: no
 * reload, no refetch of the player lists.
 */
/** Generous: the page's first list and the API's answers come slowly on a loaded two-core machine. */
const GIVE_UP_MS = 60_000;

const browser = useBrowser();

interface ApiPlayer {
  id: number;
  name: string;
  currentPrice: number;
}

const newPlayer = (baseUrl: string, prefix: string) => signUpViaApi(browser(), baseUrl, prefix);

/** The prices the page shows now, by player id, read from the rows under `scope` (those drawn). */
const shownPrices = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    // The e2e project compiles without the DOM library: the narrow view of `document` it needs.
    type Row = {
      dataset: { playerId?: string };
      querySelector(s: string): { textContent: string | null } | null;
    };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<Row> } })
      .document;
    const prices: Record<number, number> = {};
    for (const row of Array.from(doc.querySelectorAll(`${selector} [data-player-id]`))) {
      const text = row.querySelector('[data-live-price]')?.textContent ?? '';
      prices[Number(row.dataset.playerId)] = Number(text.replace(/\D/g, ''));
    }
    return prices;
  }, scope);

/**
 * Waits until every price the page shows equals the server's (GET /api/market/all-players, read just
 * before) and at least one differs from what the page first showed: a tick moved them on screen.
 * Ticks keep coming every few seconds, so a tick landing between the two reads only means another
 * round.
 */
async function followsTheServer(page: Page, scope: string, what: string): Promise<void> {
  const first = await shownPrices(page, scope);
  const ids = Object.keys(first).map(Number);
  expect(ids.length, `${what}: no rows with prices`).toBeGreaterThan(0);
  let last = '';
  const seen = expect
    .poll(
      async () => {
        // Asked every half second while the app ticks every 3 s on a busy machine: a slow answer
        // (504) is one more round, not a failure.
        const res = await page.request.get('/api/market/all-players');
        if (!res.ok()) {
          last = `GET /api/market/all-players answered ${res.status()}`;
          return false;
        }
        const server = new Map(((await res.json()) as ApiPlayer[]).map((p) => [p.id, p.currentPrice]));
        const shown = await shownPrices(page, scope);
        const stale = ids.filter((id) => shown[id] !== server.get(id));
        const moved = ids.filter((id) => shown[id] !== first[id]);
        last = `${stale.length} of ${ids.length} differ from the server, ${moved.length} moved`;
        return stale.length === 0 && moved.length > 0;
      },
      { timeout: GIVE_UP_MS, interval: 500 },
    )
    .toBe(true);
  await seen.catch((error: unknown) => {
    throw new Error(`${what}: ${last}`, { cause: error });
  });
  console.log(`live-prices: ${what}: ${ids.length} prices equal the server's after a tick (${last})`);
}

/**
 * The worker's app ticks every five minutes, and a tick every few seconds would move prices under
 * other files' buys (409 'The price changed'): this file starts an app of its own that ticks every 3 s.
 */
describe('prices move on screen with the ticks', () => {
  const app = useOwnApp(
    'prices',
    {
      MARKET_HOURS: 'always',
      RATE_LIMIT_SCALE: '50',
      PRICE_TICK_INTERVAL_MS: '3000',
      PRICE_TICK_CHECK_MS: '500',
    },
    browser,
  );

  it('the Stock Market table, By Team and Trending show the server’s new prices without a reload', async () => {
    const page = await newPlayer(app().url, 'live-prices');
    const listRequests: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname === '/api/market/all-players' && req.resourceType() === 'fetch')
        listRequests.push(pathname);
    });
    // A shared answer behind a tick the gateway knew of makes the web read the shared lists once more
    // (web/src/lib/live/answers-behind.ts): with a tick every 3 s the first list is often one. Such a
    // read is the only one allowed; the re-read's own answer falls in its quiet time and asks nothing.
    let loaded = false;
    let behindAnswers = 0;
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'fetch') return;
      if (res.headers()['touchline-answer-behind'] !== '1') return; // SHARED_ANSWER_BEHIND_HEADER
      const rereadList = loaded && new URL(res.url()).pathname === '/api/market/all-players';
      if (!rereadList) behindAnswers++;
    });

    await openLive(page, '/market/stock');
    const table = page.getByRole('table');
    await table.locator('[data-player-id]').first().waitFor({ timeout: GIVE_UP_MS });
    const loads = listRequests.length;
    loaded = true;
    await followsTheServer(page, 'table', 'Stock Market table');
    await page.getByText(/^Prices updated \d+ s ago$/).waitFor();
    // The moving cells (flash, arrows) keep the screen at zero serious or critical axe findings.
    const axe = await axeCounts(page);
    expect(axe.serious + axe.critical, describeFindings(axe)).toBe(0);

    await page.getByRole('tab', { name: 'By Team' }).click();
    await page.locator('section [data-player-id]').first().waitFor();
    await followsTheServer(page, '[role="tabpanel"]', 'Stock Market By Team');
    // The ticks patched the page's list (the API calls above are the test's): it was read again only
    // after an answer behind.
    expect(listRequests.length - loads, `${behindAnswers} answers behind`).toBeLessThanOrEqual(behindAnswers);

    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('list', { name: 'Trending players' }).locator('[data-player-id]').first().waitFor();
    await followsTheServer(page, '[aria-label="Trending players"]', 'Home Trending');
    expect(page.url()).toBe(`${app().url}/`);
  }, 200_000);
});

describe('market listings follow other players', () => {
  const baseUrl = appUrl();

  it('a listing added by one player appears on another’s Market page, and leaves it when sold', async () => {
    const [watcher, seller, buyer] = (await Promise.all(
      ['live-watcher', 'live-lister', 'live-taker'].map((prefix) => newPlayer(baseUrl, prefix)),
    )) as [Page, Page, Page];
    const cards = await apiJson<{ id: number; player: ApiPlayer }[]>(seller, 'get', '/api/user/cards');
    const card = cards.sort((a, b) => a.player.currentPrice - b.player.currentPrice)[0]!;
    const { coins } = await apiJson<{ coins: number }>(buyer, 'get', '/api/user/balance');
    expect(coins, 'the buyer affords the cheapest starter card').toBeGreaterThanOrEqual(
      card.player.currentPrice,
    );

    // The watcher looks at that player's listings: the market's own card of them, no user's yet.
    await openLive(watcher, '/market');
    await watcher.getByRole('button', { name: 'Search players' }).click();
    await watcher.getByPlaceholder('Search players...').fill(card.player.name);
    const list = watcher.getByRole('list', { name: 'Market listings' });
    await list.getByText(card.player.name).first().waitFor();
    const listing = watcher.getByTestId(`listing-${card.id}`);
    expect(await listing.count()).toBe(0);

    const price = card.player.currentPrice;
    await apiJson(seller, 'post', `/api/market/sell/${card.id}`, { price });
    await listing.waitFor({ timeout: GIVE_UP_MS });
    await expect.poll(() => listing.textContent()).toContain(price.toLocaleString('en-US'));

    await apiJson(buyer, 'post', `/api/market/buy/${card.id}`, { expectedPrice: price });
    await listing.waitFor({ state: 'detached', timeout: GIVE_UP_MS });
    expect(watcher.url()).toBe(`${baseUrl}/market`);
  }, 150_000);
});
