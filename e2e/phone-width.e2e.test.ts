import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { settle } from './support/axe';
import { useBrowser } from './support/browser';
import { signUpNewPlayer } from './support/session';

/**
 * Issue 13, item 6, at 390×844: no header title or player name is cut off (an ellipsis would make two
 * players look alike), the roster's headers do not run into each other, and the trade history keeps
 * Date and Player in view while it scrolls sideways.
 */

const baseUrl = appUrl();
const browser = useBrowser();
let page: Page;
let names: string[];

/** The element measures read in the page (the e2e project compiles without the DOM library). */
interface Box {
  scrollWidth: number;
  clientWidth: number;
}

/** The texts on screen that are cut: an ellipsis (text-overflow) on an element narrower than its text. */
async function cutTexts(target: Page): Promise<string[]> {
  // A string: the e2e project compiles without the DOM library.
  return (await target.evaluate(
    `Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.offsetParent !== null && getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent || '')`,
  )) as string[];
}

/** Fails when a cut text holds one of `wanted` (player names, a title). */
async function expectNotCut(target: Page, wanted: readonly string[], where: string): Promise<void> {
  await settle(target);
  const cut = (await cutTexts(target)).filter((text) => wanted.some((name) => text.includes(name)));
  expect(cut, `${where}: cut off`).toEqual([]);
}

describe('phone width (390×844): nothing a player needs is cut off', () => {
  it('the starter pack, header titles and card names in grids, lists, trending and dialogs', async () => {
    const signedUp = await signUpNewPlayer(browser(), baseUrl, 'phone');
    page = signedUp.page;
    const skip = page.getByRole('button', { name: 'Skip Reveal' });
    await skip.waitFor();
    await skip.click({ timeout: 10_000 }).catch(() => undefined); // it may reveal by itself first
    await page.getByRole('button', { name: 'Continue to App' }).waitFor();
    const cards = (await (await page.request.get('/api/user/cards')).json()) as {
      player: { name: string };
    }[];
    names = cards.map((card) => card.player.name);
    await expectNotCut(page, names, 'starter pack (featured card)');
    await page.getByRole('button', { name: 'Continue to App' }).click();

    await page.goto('/');
    await page.getByRole('list', { name: 'Trending players' }).waitFor();
    const trending = (await (await page.request.get('/api/market/trending')).json()) as { name: string }[];
    expect(trending.length).toBeGreaterThan(0);
    await expectNotCut(page, [...names, ...trending.map((player) => player.name)], 'home and trending');

    for (const [path, title] of [
      ['/trade-marketplace', 'Trade Marketplace'],
      ['/purchase-coins', 'Purchase Coins'],
      ['/teams', 'MLS Team Rosters'],
      ['/market/stock', 'Player Market'],
    ] as const) {
      await page.goto(path);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await heading.waitFor();
      const fits = await heading.evaluate(
        (h1) => (h1 as unknown as Box).scrollWidth <= (h1 as unknown as Box).clientWidth + 1,
      );
      expect(fits, `${title} fits its header`).toBe(true);
      await expectNotCut(page, [title], path);
    }

    await page.goto('/collection');
    await page.getByRole('tab', { name: 'Grid View' }).click();
    await page.getByRole('list', { name: 'Cards' }).waitFor();
    await expectNotCut(page, names, 'collection grid');
    await page.getByRole('tab', { name: 'List View' }).click();
    await expectNotCut(page, names, 'collection list');

    await page.goto('/trade');
    await page.getByRole('list', { name: 'Your Available Cards' }).waitFor();
    await expectNotCut(page, names, 'trade picker');

    await page.goto('/trade-marketplace');
    await page.getByRole('button', { name: 'List Card for Trade' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNotCut(page, names, 'list-card dialog');
  }, 180_000);

  it("the roster's column headers each fit their column", async () => {
    await page.goto('/teams');
    await page.getByRole('button').filter({ hasText: 'players' }).first().click();
    const table = page.getByRole('tabpanel').getByRole('table');
    await table.waitFor();
    const overflowing = await table
      .getByRole('columnheader')
      .evaluateAll((headers) =>
        (headers as unknown as (Box & { textContent: string })[])
          .filter((th) => th.scrollWidth > th.clientWidth + 1)
          .map((th) => th.textContent),
      );
    expect(overflowing).toEqual([]);
  });

  // Below 640 px the history is one card per trade (flow-trust.e2e.test.ts); from 640 px the table
  // still scrolls inside the app's 448 px column.
  it('the trade history table keeps Date and Player in view while scrolling sideways, by keyboard too', async () => {
    // A sale of the player's own: buy the cheapest market card.
    const listings = (await (await page.request.get('/api/market?sort=price_asc')).json()) as {
      id: number;
      userId: number;
      price: number;
    }[];
    const cheapest = listings.find((listing) => listing.userId === 0)!;
    const bought = await page.request.post(`/api/market/buy/${cheapest.id}`, {
      data: { expectedPrice: cheapest.price },
    });
    expect(bought.status()).toBe(200);

    await page.setViewportSize({ width: 800, height: 844 });
    await page.goto('/trade-history');
    await page.getByRole('tab', { name: 'My Transactions' }).click();
    const scroller = page.getByRole('region', { name: 'My transactions, scrolls sideways' });
    const row = scroller.locator('tbody tr').first();
    await row.waitFor();
    await scroller.focus();
    for (let step = 0; step < 12; step++) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => scroller.evaluate((element) => (element as unknown as { scrollLeft: number }).scrollLeft))
      .toBeGreaterThan(0);

    const box = await scroller.boundingBox();
    for (const cell of [row.locator('td').nth(0), row.locator('td').nth(1)]) {
      const cellBox = (await cell.boundingBox())!;
      expect(cellBox.x).toBeGreaterThanOrEqual(box!.x);
      expect(cellBox.x + cellBox.width).toBeLessThanOrEqual(box!.x + box!.width);
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });
});
