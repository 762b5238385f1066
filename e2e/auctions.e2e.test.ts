import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeCounts, describeFindings } from './support/axe';
import { apiJson, signUpViaApi } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { openLive, useOwnApp } from './support/live';

/**
 * Issue 45's auctions in a real browser, at phone and desktop width, with two browsers: a seller puts a
 * card up from the collection, a bidder's bids arrive live on the seller's page, a third player's
 * bid outbids the bidder (its hold released), the bidder wins with a bid in the last 30 s (the end
 * moves), and the card and the coins move exactly once.
 */
const GIVE_UP_MS = 60_000;
const browser = useBrowser();

interface ApiCard {
  id: number;
  player: { id: number; name: string; currentPrice: number };
}
interface ApiAuction {
  id: number;
  cardId: number;
  status: string;
  endsAt: string;
  currentBid: number | null;
  currentBidderId: number | null;
  minNextBid: number | null;
  winnerId: number | null;
  finalPrice: number | null;
  feePercent: number;
  bids: { bidderId: number; amount: number; status: string }[];
}
interface Balance {
  coins: number;
  heldCoins?: number;
}

/** A new player signed up through the API at `viewport`, with their id and username. */
async function player(baseUrl: string, prefix: string, viewport: typeof PHONE) {
  const page = await signUpViaApi(browser(), baseUrl, prefix, viewport);
  const me = await apiJson<{ id: number; username: string }>(page, 'get', '/api/user');
  return { page, ...me };
}

const balance = (page: Page) => apiJson<Balance>(page, 'get', '/api/user/balance');
const auctionOf = (page: Page, id: number) => apiJson<ApiAuction>(page, 'get', `/api/auctions/${id}`);

async function expectNoBlockingAxe(page: Page, screen: string) {
  const axe = await axeCounts(page);
  console.log(`auctions: axe on ${screen}: ${describeFindings(axe)}`);
  expect(axe.serious + axe.critical, `${screen}: ${describeFindings(axe)}`).toBe(0);
}

/** Places a bid from the auction's page: the amount, the button that states it, the confirmation. */
async function bidInPage(page: Page, amount: number) {
  await page.getByLabel('Your bid').fill(String(amount));
  await page
    .getByRole('form', { name: 'Place a bid' })
    .getByRole('button', { name: `Bid ${amount.toLocaleString('en-US')} coins` })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Place this bid?' })
    .getByRole('button', { name: 'Place bid' })
    .click();
  await page.getByText('Bid placed', { exact: true }).first().waitFor({ timeout: GIVE_UP_MS });
}

describe('auctions, live, at phone and desktop width', () => {
  // '1 hour' lasts 60 s here (the rule's 30-second extension is not scaled), and the sweeper looks twice a second.
  const app = useOwnApp(
    'auctions',
    {
      MARKET_HOURS: 'always',
      RATE_LIMIT_SCALE: '50',
      AUCTION_DURATION_SCALE: '60',
      AUCTION_SWEEP_INTERVAL_MS: '500',
    },
    browser,
  );

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${width} px: put up, bid live, outbid and released, win in the last 30 s, settled once`, async () => {
      const baseUrl = app().url;
      const seller = await player(baseUrl, `seller${width}`, viewport);
      const bidder = await player(baseUrl, `bidder${width}`, viewport);
      // A third player bids through the API only: the one who outbids the bidder.
      const rival = await player(baseUrl, `rival${width}`, viewport);

      // The seller puts a starter card up from the collection's card menu.
      const [card] = await apiJson<ApiCard[]>(seller.page, 'get', '/api/user/cards');
      await openLive(seller.page, '/collection');
      await seller.page.getByRole('tab', { name: 'Grid View' }).click();
      const label = new RegExp(`^${card!.player.name}\\s*,`);
      await seller.page
        .getByRole('list', { name: 'Cards' })
        .getByRole('button', { name: label })
        .first()
        .click();
      await seller.page.getByRole('button', { name: 'Put up for auction' }).click();
      const form = seller.page.getByRole('form', { name: 'Put up for auction' });
      await form.getByLabel('Duration').selectOption('1h');
      await form.getByRole('button', { name: 'Start auction' }).click();
      await seller.page.waitForURL(/\/auctions\/\d+$/, { timeout: GIVE_UP_MS });
      const auctionId = Number(new URL(seller.page.url()).pathname.split('/').pop());
      await seller.page.getByRole('heading', { name: 'Bid history' }).waitFor();
      await expectNoBlockingAxe(seller.page, `the auction's page at ${width} px`);
      const started = await auctionOf(seller.page, auctionId);
      expect(started).toMatchObject({ cardId: card!.id, status: 'open', currentBid: null });
      // The card is out of the market's and trades' reach meanwhile.
      const listing = await seller.page.request.post(`/api/market/sell/${card!.id}`, {
        data: { price: card!.player.currentPrice },
      });
      expect([listing.status(), await listing.json()]).toEqual([409, { message: 'This card is at auction' }]);

      // The bidder finds it in the live list and bids the start price.
      await openLive(bidder.page, '/auctions');
      await bidder.page.getByTestId(`auction-${auctionId}`).waitFor();
      await expectNoBlockingAxe(bidder.page, `/auctions at ${width} px`);
      await bidder.page.getByTestId(`auction-${auctionId}`).click();
      await bidder.page.getByRole('heading', { name: 'Bid history' }).waitFor();
      await expectNoBlockingAxe(bidder.page, `/auctions/${auctionId} as a bidder at ${width} px`);
      const bidderStart = await balance(bidder.page);
      const first = started.minNextBid!;
      await bidInPage(bidder.page, first);
      expect(await balance(bidder.page)).toEqual({ coins: bidderStart.coins - first, heldCoins: first });

      // The seller's page shows the bid as it arrives: no reload.
      await seller.page
        .getByRole('list', { name: 'Bids' })
        .getByText(bidder.username)
        .waitFor({ timeout: GIVE_UP_MS });

      // The rival outbids: the bidder's hold is released at once, and they hear it live.
      const second = (await auctionOf(rival.page, auctionId)).minNextBid!;
      await apiJson(rival.page, 'post', `/api/auctions/${auctionId}/bids`, { amount: second });
      expect(await balance(bidder.page)).toEqual({ coins: bidderStart.coins, heldCoins: 0 });
      await bidder.page
        .getByText(/^Outbid: /)
        .first()
        .waitFor({ timeout: GIVE_UP_MS });
      await bidder.page
        .getByRole('list', { name: 'Bids' })
        .getByText(rival.username)
        .waitFor({ timeout: GIVE_UP_MS });

      // In the last 30 s the bidder bids again: the end moves to 30 s after the bid.
      await expect
        .poll(async () => new Date((await auctionOf(bidder.page, auctionId)).endsAt).getTime() - Date.now(), {
          timeout: 90_000,
          interval: 1_000,
        })
        .toBeLessThan(25_000);
      const before = await auctionOf(bidder.page, auctionId);
      const winning = before.minNextBid!;
      const bidAt = Date.now();
      await bidInPage(bidder.page, winning);
      const after = await auctionOf(bidder.page, auctionId);
      expect(new Date(after.endsAt).getTime()).toBeGreaterThan(new Date(before.endsAt).getTime());
      expect(new Date(after.endsAt).getTime()).toBeGreaterThanOrEqual(bidAt + 29_000);
      expect(await balance(rival.page)).toMatchObject({ heldCoins: 0 });

      // It ends and settles once: the card to the bidder, the coins to the seller less the fee.
      const sellerStart = await balance(seller.page);
      await expect
        .poll(async () => (await auctionOf(seller.page, auctionId)).status, {
          timeout: 90_000,
          interval: 1_000,
        })
        .toBe('sold');
      const sold = await auctionOf(seller.page, auctionId);
      expect(sold).toMatchObject({ winnerId: bidder.id, finalPrice: winning });
      const fee = Math.floor((winning * sold.feePercent) / 100);
      await expect
        .poll(async () => (await balance(seller.page)).coins)
        .toBe(sellerStart.coins + winning - fee);
      expect(await balance(bidder.page)).toEqual({ coins: bidderStart.coins - winning, heldCoins: 0 });
      const bidderCards = await apiJson<ApiCard[]>(bidder.page, 'get', '/api/user/cards');
      expect(bidderCards.filter((c) => c.id === card!.id)).toHaveLength(1);
      const sellerCards = await apiJson<ApiCard[]>(seller.page, 'get', '/api/user/cards');
      expect(sellerCards.some((c) => c.id === card!.id)).toBe(false);
      // The seller's page shows the end live; the history has one auction row for the card.
      await seller.page.getByText(/^Won by /).waitFor({ timeout: GIVE_UP_MS });
      await expect
        .poll(async () => {
          const rows = await apiJson<{ tradeType: string; cardId: number }[]>(
            seller.page,
            'get',
            '/api/trade-history/user',
          );
          return rows.filter((r) => r.cardId === card!.id).map((r) => r.tradeType);
        })
        .toEqual(['auction']);
    });
  }
});
