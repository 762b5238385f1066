import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { apiJson, buyRareRoll, signUpViaApi } from './support/api';
import { axeCounts, describeFindings } from './support/axe';
import { useBrowser } from './support/browser';
import { openLive } from './support/live';

/**
 * Issue 43, items 2 and 3, in Chromium at 390 and 1280 px: the Market's My Listings tab (withdraw and
 * change price), and the leaderboard and home's rank following another player's overtake live.
 */

const baseUrl = appUrl();
const browser = useBrowser();

const WIDTHS = [390, 1280] as const;

interface OwnedCard {
  id: number;
  forSale: boolean;
  player: { name: string; currentPrice: number };
}
interface MarketItem {
  id: number;
  userId: number;
  price: number;
}
interface Me {
  id: number;
  username: string;
  rank: number | null;
  collectionValue: number;
  cardCount: number;
  coins: number;
}

const me = (page: Page) => apiJson<Me>(page, 'get', '/api/user');
const cardsOf = (page: Page) => apiJson<OwnedCard[]>(page, 'get', '/api/user/cards');
const formatCoins = (coins: number) => coins.toLocaleString('en-US');

async function expectNoBlockingAxe(page: Page, what: string) {
  const counts = await axeCounts(page);
  console.log(`axe ${what}: serious ${counts.serious}, critical ${counts.critical}`);
  expect(counts.serious + counts.critical, `${what}\n${describeFindings(counts)}`).toBe(0);
}

describe('My Listings (the e2e app runs with MARKET_HOURS=always)', () => {
  for (const width of WIDTHS)
    it(`lists the player's listings and changes and withdraws them at ${width} px`, async () => {
      const page = await signUpViaApi(browser(), baseUrl, `lister${width}`);
      await page.setViewportSize({ width, height: 900 });
      const [card] = await cardsOf(page);
      const price = card!.player.currentPrice;
      await apiJson(page, 'post', `/api/market/sell/${card!.id}`, { price });

      await page.goto('/market');
      await page
        .getByRole('navigation', { name: 'Market sections' })
        .getByRole('link', { name: 'My Listings' })
        .click();
      const row = page.getByTestId(`own-listing-${card!.id}`);
      await row.getByText(`Listed for ${formatCoins(price)}`).waitFor();
      await row.getByText(/^10% fee: you receive /).waitFor();
      await row.getByText(/^Listed \d+ mins? ago$/).waitFor();
      await row.getByText(/^Market price .* when listed, .* now$/).waitFor();
      // Nothing of the tab bar or the rows leaves the screen sideways.
      const overflow = await page.evaluate(
        '(document.documentElement.scrollWidth - document.documentElement.clientWidth)',
      );
      expect(overflow).toBe(0);
      await expectNoBlockingAxe(page, `/market/listings at ${width}`);

      // Change price: 30% above the current price takes a new listing's 15% fee.
      await row.getByRole('button', { name: `Change price of ${card!.player.name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Price' });
      const higher = Math.floor(price * 1.3);
      await dialog.getByLabel('New Price').fill(String(higher));
      await dialog.getByText(/^15% marketplace fee: /).waitFor();
      await expectNoBlockingAxe(page, `change price dialog at ${width}`);
      await dialog.getByRole('button', { name: `List for ${formatCoins(higher)}` }).click();
      await row.getByText(`Listed for ${formatCoins(higher)}`).waitFor();
      await row.getByText(/^15% fee: you receive /).waitFor();
      const mine = await apiJson<{ items: { price: number; feePercent: number }[] }>(
        page,
        'get',
        '/api/market/my-listings',
      );
      expect(mine.items).toEqual([expect.objectContaining({ price: higher, feePercent: 15 })]);

      // Withdraw, after saying what it does.
      await row.getByRole('button', { name: `Withdraw ${card!.player.name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Withdraw listing?' });
      await expectNoBlockingAxe(page, `withdraw dialog at ${width}`);
      await confirm.getByRole('button', { name: 'Withdraw' }).click();
      await page.getByText('You have no cards listed').waitFor();
      expect((await cardsOf(page)).find((c) => c.id === card!.id)!.forSale).toBe(false);
      await page.context().close();
    });
});

/** The lead over the watcher the mover buys towards, and the least it stops at: prices move meanwhile. */
const LEAD = 1.05;
const LEAST_LEAD = 1.02;

/**
 * The mover buys market cards until the board values its collection above the watcher's, both read
 * again each round (their cards' prices move while it buys); the last buy's answer time.
 */
async function overtake(mover: Page, watcher: Page): Promise<number> {
  await buyRareRoll(mover);
  await expect.poll(async () => (await me(mover)).coins, { timeout: 30_000 }).toBeGreaterThan(50_000);
  let answered = performance.now();
  for (;;) {
    const { coins, collectionValue, cardCount } = await me(mover);
    const target = (await me(watcher)).collectionValue;
    if (collectionValue > target * LEAST_LEAD) return answered;
    const gap = Math.ceil(target * LEAD) - collectionValue;
    const market = await apiJson<MarketItem[]>(mover, 'get', '/api/market?sort=price_desc');
    const affordable = market.filter((item) => item.userId === 0 && item.price <= coins);
    // The cheapest card that closes the gap, else the dearest one affordable.
    const closing = affordable.filter((item) => item.price > gap).at(-1) ?? affordable[0];
    if (!closing) throw new Error(`no market card to buy with ${coins} coins (gap ${gap})`);
    await apiJson(mover, 'post', `/api/market/buy/${closing.id}`, { expectedPrice: closing.price });
    answered = performance.now();
    // The board has the buy once it counts the card.
    await expect
      .poll(async () => (await me(mover)).cardCount, { timeout: 30_000 })
      .toBeGreaterThan(cardCount);
  }
}

describe('the leaderboard on the live stream', () => {
  it('home’s rank (390 px) and the open board (1280 px) follow another player’s overtake', async () => {
    let watcher = await signUpViaApi(browser(), baseUrl, 'watcher');
    let mover = await signUpViaApi(browser(), baseUrl, 'mover');
    // The leaderboard hears of the starter cards through events: wait until both are valued.
    await expect.poll(async () => (await me(watcher)).rank, { timeout: 30_000 }).not.toBeNull();
    await expect.poll(async () => (await me(mover)).rank, { timeout: 30_000 }).not.toBeNull();
    if ((await me(mover)).collectionValue > (await me(watcher)).collectionValue)
      [watcher, mover] = [mover, watcher];
    const watching = await me(watcher);
    const moving = await me(mover);
    const rankBefore = watching.rank!;

    const home = watcher;
    await home.setViewportSize({ width: 390, height: 844 });
    await openLive(home, '/');
    const rankLink = (rank: number) => home.getByRole('link', { name: `#${rank}`, exact: true });
    await rankLink(rankBefore).waitFor();
    const board = await watcher.context().newPage();
    await board.setViewportSize({ width: 1280, height: 900 });
    await openLive(board, '/leaderboard');
    await board.getByRole('heading', { name: 'Top Collectors' }).waitFor();
    await expectNoBlockingAxe(board, '/leaderboard at 1280');

    const answered = await overtake(mover, watcher);
    // The server's new order: the mover ahead of the watcher (other players' values move too, so the
    // watcher's rank is read, not reckoned).
    await expect
      .poll(async () => (await me(mover)).rank! < (await me(watcher)).rank!, { timeout: 30_000 })
      .toBe(true);
    const rankAfter = (await me(watcher)).rank!;
    const moverRank = (await me(mover)).rank!;
    expect(moverRank).toBeLessThan(rankAfter);

    await rankLink(rankAfter).waitFor({ timeout: 15_000 });
    console.log(
      `live: home's rank #${rankBefore} → #${rankAfter} shown ${Math.round(performance.now() - answered)} ms after the overtaking buy answered`,
    );
    const moverOnBoard =
      moverRank <= 3
        ? board.getByRole('listitem', {
            name: new RegExp(`: ${moving.username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
          })
        : board.getByRole('listitem', { name: `#${moverRank} ${moving.username}` });
    await moverOnBoard.waitFor({ timeout: 15_000 });
    console.log(
      `live: the board shows the mover at #${moverRank} ${Math.round(performance.now() - answered)} ms after the buy answered`,
    );
    await board.context().close();
    await mover.context().close();
  });
});
