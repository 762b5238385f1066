import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { axeCounts, describeFindings } from './support/axe';
import { apiJson, signUpViaApi } from './support/api';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { openLive, useOwnApp } from './support/live';

/**
 * Issue 45's watchlist and counter-offers in a real browser, at phone and desktop width: a player
 * stars a player, sets alerts and gets their notification live when a tick crosses one; two players
 * counter an offer twice and the last counter is accepted.
 */
const GIVE_UP_MS = 60_000;
const browser = useBrowser();

interface ApiCard {
  id: number;
  player: { id: number; name: string; currentPrice: number };
}

/** A new player signed up through the API at `viewport`, with their username. */
async function player(baseUrl: string, prefix: string, viewport: typeof PHONE) {
  const page = await signUpViaApi(browser(), baseUrl, prefix, viewport);
  const { username } = await apiJson<{ username: string }>(page, 'get', '/api/user');
  return { page, username };
}

/** The counter went through: its dialog closes on success (a refusal keeps it open with a toast). */
async function sent(page: Page) {
  await page.getByRole('form', { name: 'Counter-offer' }).waitFor({ state: 'detached', timeout: GIVE_UP_MS });
}

async function expectNoBlockingAxe(page: Page, screen: string) {
  const axe = await axeCounts(page);
  console.log(`watchlist-counters: axe on ${screen}: ${describeFindings(axe)}`);
  expect(axe.serious + axe.critical, `${screen}: ${describeFindings(axe)}`).toBe(0);
}

describe('a watchlist alert arrives live when a tick crosses it', () => {
  // Ticks every 4 s: the alert's crossing comes within seconds, as it would within minutes.
  const app = useOwnApp(
    'watchlist',
    {
      MARKET_HOURS: 'always',
      RATE_LIMIT_SCALE: '50',
      PRICE_TICK_INTERVAL_MS: '4000',
      PRICE_TICK_CHECK_MS: '500',
    },
    browser,
  );

  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`at ${width} px: star from the catalog, set alerts on /watchlist, get the notification live`, async () => {
      const { page } = await player(app().url, `watch${width}`, viewport);
      const [card] = await apiJson<ApiCard[]>(page, 'get', '/api/user/cards');
      const name = card!.player.name;

      await openLive(page, '/catalog');
      await page.getByPlaceholder('Search players...').fill(name);
      await page.getByRole('listitem', { name, exact: true }).first().getByRole('button').click();
      const star = page.getByRole('dialog').getByRole('button', { name: `Watch ${name}` });
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: GIVE_UP_MS }).toBe('true');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page
        .getByRole('navigation', { name: 'Shortcuts' })
        .getByRole('link', { name: 'Watchlist' })
        .click();
      const row = page.getByRole('listitem', { name });
      await row.waitFor({ timeout: GIVE_UP_MS });
      await expectNoBlockingAxe(page, `/watchlist at ${width} px`);

      // Two lines one coin either side of the price now: the next tick that moves it crosses one.
      // Each read just before its line is set (the player's own watchlist, not a shared answer): a
      // line set past a price that moved meanwhile starts met and is never crossed.
      const priceNow = async () =>
        (await apiJson<{ player: ApiCard['player'] }[]>(page, 'get', '/api/watchlist')).find(
          (w) => w.player.id === card!.player.id,
        )!.player.currentPrice;
      for (const [direction, offset] of [
        ['above', 1],
        ['below', -1],
      ] as const) {
        const threshold = (await priceNow()) + offset;
        const form = row.getByRole('form', { name: `New price alert for ${name}` });
        await form.getByLabel('Alert when the price goes').selectOption(direction);
        await form.getByLabel('Price in coins').fill(String(threshold));
        await form.getByRole('button', { name: 'Set Alert' }).click();
        await row
          .getByText(
            `${direction === 'above' ? 'Above' : 'Below'} ${threshold.toLocaleString('en-US')} coins`,
          )
          .waitFor({ timeout: GIVE_UP_MS });
      }
      await row
        .getByText('Up to 2 alerts per player: remove one to add another.')
        .waitFor({ timeout: GIVE_UP_MS });

      // The notification's toast, live, then in the notifications list.
      await page
        .getByText(`Price alert: ${name}`)
        .first()
        .waitFor({ timeout: GIVE_UP_MS * 2 })
        .catch(async (error: unknown) => {
          // What the server saw, for the failure's message: the alerts' sides and the notifications.
          const watch = await apiJson<unknown>(page, 'get', '/api/watchlist');
          const notes = await apiJson<unknown>(page, 'get', '/api/notifications');
          throw new Error(`no price alert toast: ${JSON.stringify(watch)} ${JSON.stringify(notes)}`, {
            cause: error,
          });
        });
      await row
        .getByText(/^Last alert /)
        .first()
        .waitFor({ timeout: GIVE_UP_MS });
      const list = await apiJson<{ items: { title: string; link: string }[] }>(
        page,
        'get',
        '/api/notifications',
      );
      expect(list.items.filter((n) => n.title === `Price alert: ${name}`).length).toBeGreaterThan(0);
      await page.context().close();
    }, 240_000);
  }
});

describe('counter-offers: counter twice, accept the last', () => {
  it('alice (1280 px) offers, bob (390 px) counters, alice counters, bob accepts: one trade', async () => {
    const baseUrl = appUrl();
    const [alice, bob] = await Promise.all([
      player(baseUrl, 'ctr-alice', DESKTOP),
      player(baseUrl, 'ctr-bob', PHONE),
    ]);
    const [aliceCard] = await apiJson<ApiCard[]>(alice.page, 'get', '/api/user/cards');
    const [bobCard] = await apiJson<ApiCard[]>(bob.page, 'get', '/api/user/cards');
    const offer = await apiJson<{ id: number }>(alice.page, 'post', '/api/trades/create', {
      cardId: aliceCard!.id,
      targetUser: bob.username,
    });

    // Bob counters: Alice's card for one of his.
    await openLive(bob.page, '/trade');
    await bob.page.getByRole('tab', { name: 'Incoming' }).click();
    await bob.page.getByTestId(`incoming-offer-${offer.id}`).getByRole('button', { name: 'Counter' }).click();
    const bobForm = bob.page.getByRole('form', { name: 'Counter-offer' });
    await bobForm.getByRole('button', { name: new RegExp(`^Ask for ${aliceCard!.player.name}`) }).waitFor();
    expect(
      await bobForm
        .getByRole('button', { name: new RegExp(`^Ask for ${aliceCard!.player.name}`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await bobForm
      .getByRole('button', { name: new RegExp(`^Offer ${bobCard!.player.name}`) })
      .first()
      .click();
    await expectNoBlockingAxe(bob.page, 'the counter-offer form at 390 px');
    await bobForm.getByRole('button', { name: 'Send Counter-Offer' }).click();
    await sent(bob.page);

    // Alice sees it arrive live and counters again, asking 100 coins on top.
    await openLive(alice.page, '/trade');
    await alice.page.getByRole('tab', { name: 'Incoming' }).click();
    const toAlice = alice.page.locator('[data-testid^="incoming-offer-"]').first();
    await toAlice.getByText('countered your offer').waitFor({ timeout: GIVE_UP_MS });
    await toAlice.getByRole('button', { name: 'Negotiation (2 offers)' }).click();
    await toAlice
      .getByRole('list', { name: 'Negotiation' })
      .getByText(/Countered/)
      .waitFor();
    await toAlice.getByRole('button', { name: 'Counter' }).click();
    const aliceForm = alice.page.getByRole('form', { name: 'Counter-offer' });
    await aliceForm.getByText('Step 2 of at most 10 in this negotiation.').waitFor();
    await aliceForm.getByLabel('Ask for coins').fill('100');
    await expectNoBlockingAxe(alice.page, 'the counter-offer form at 1280 px');
    await aliceForm.getByRole('button', { name: 'Send Counter-Offer' }).click();
    await sent(alice.page);

    // Bob's Incoming follows live: his counter was answered; he accepts the last counter.
    const toBob = bob.page.locator('[data-testid^="incoming-offer-"]').first();
    await toBob.getByText('countered your offer').waitFor({ timeout: GIVE_UP_MS });
    await expectNoBlockingAxe(bob.page, 'Incoming with a counter-offer at 390 px');
    await toBob
      .getByRole('button', { name: 'Accept' })
      .click({ timeout: GIVE_UP_MS })
      .catch(async (error: unknown) => {
        await bob.page.screenshot({ path: '/tmp/wc-accept-fail.png' });
        throw error;
      });
    await bob.page.getByRole('alertdialog').getByRole('button', { name: 'Accept Trade' }).click();
    await bob.page.getByText('Trade accepted').first().waitFor({ timeout: GIVE_UP_MS });

    const bobCards = await apiJson<ApiCard[]>(bob.page, 'get', '/api/user/cards');
    const aliceCards = await apiJson<ApiCard[]>(alice.page, 'get', '/api/user/cards');
    expect(bobCards.map((c) => c.id)).toContain(aliceCard!.id);
    expect(aliceCards.map((c) => c.id)).toContain(bobCard!.id);
    const thread = await apiJson<{ status: string }[]>(alice.page, 'get', `/api/trades/${offer.id}/thread`);
    expect(thread.map((o) => o.status)).toEqual(['countered', 'countered', 'accepted']);
  }, 240_000);
});
