import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from './support/admin';
import { appUrl } from './support/app';
import { apiJson, buyRareRoll, signUpViaApi } from './support/api';
import { useBrowser } from './support/browser';
import { openLive, useOwnApp } from './support/live';

/**
 * Every screen follows the server through the live stream: what another player (or an admin) does
 * shows on the page with no reload and no poll (the app polls none of these screens; their next
 * refetch would come minutes later). How fast is a figure each step prints (the product's aim is
 * a second), not a timed assertion: on two shared cores a timing says more about the load.
 */
/** How long a step waits for the change before it fails. */
const GIVE_UP_MS = 15_000;

const baseUrl = appUrl();
const browser = useBrowser();

interface OwnedCard {
  id: number;
  player: { name: string; currentPrice: number };
}
interface Player {
  page: Page;
  username: string;
}

const balanceOf = async (page: Page) =>
  (await apiJson<{ coins: number }>(page, 'get', '/api/user/balance')).coins;
const cardsOf = (page: Page) => apiJson<OwnedCard[]>(page, 'get', '/api/user/cards');
const formatCoins = (coins: number) => coins.toLocaleString('en-US');

/** A new player signed up through the API (quicker than the form, which other files test), pack revealed. */
async function newPlayer(prefix: string, url = baseUrl): Promise<Player> {
  const page = await signUpViaApi(browser(), url, prefix);
  // The name identity made of the address (shortened when long): what offers are addressed to.
  return { page, username: (await apiJson<{ username: string }>(page, 'get', '/api/user')).username };
}

/**
 * Milliseconds from the answer of another user's call (`act`) until `shown` resolves on the watched
 * page, printed.
 */
async function liveWithin(what: string, act: () => Promise<unknown>, shown: () => Promise<unknown>) {
  await act();
  const started = performance.now();
  await shown();
  const ms = Math.round(performance.now() - started);
  console.log(`live: ${what} shown ${ms} ms after the call answered`);
  return ms;
}

/**
 * Sends an offer of `cardId` to `recipient`. Trading learns of a new user through identity's event, a
 * moment after sign-up: until then it answers 404 'User not found'.
 */
async function sendOffer(sender: Page, cardId: number, recipient: string) {
  let offer: { id: number; expiresAt: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await sender.request.post('/api/trades/create', {
          data: { cardId, targetUser: recipient },
        });
        if (res.status() === 201) offer = (await res.json()) as typeof offer;
        return res.status();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(201);
  return offer!;
}

/** Accepts an offer, asking again with the same key while the trade is still settling (202). */
async function accept(page: Page, offerId: number): Promise<void> {
  const headers = { 'Idempotency-Key': `accept-${offerId}-${Date.now()}` };
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await page.request.post(`/api/trades/${offerId}/accept`, { data: {}, headers });
    if (res.status() === 200) return;
    expect(res.status(), await res.text()).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`offer ${offerId} was still settling after 50 tries`);
}

const pill = (page: Page) => page.getByText(/^Balance: [\d,]+$/);

describe('a live game (two or three browser contexts, no reload)', () => {
  it("A's balance and collection change, with no reload, when B buys A's listing", async () => {
    const alice = await newPlayer('live-seller');
    const bob = await newPlayer('live-buyer');
    const [card] = (await cardsOf(alice.page)).sort((a, b) => a.player.currentPrice - b.player.currentPrice);
    const price = card!.player.currentPrice;
    while ((await balanceOf(bob.page)) < price) await buyRareRoll(bob.page);
    await apiJson(alice.page, 'post', `/api/market/sell/${card!.id}`, { price });
    const before = await balanceOf(alice.page);

    await openLive(alice.page, '/collection');
    await alice.page.getByRole('tab', { name: 'Grid View' }).click();
    const listed = alice.page.getByRole('list', { name: 'Cards' }).getByRole('button', {
      name: new RegExp(`^${card!.player.name}\\s*,`),
    });
    await listed.first().waitFor();
    const copies = await listed.count();
    expect(copies).toBeGreaterThan(0);
    await pill(alice.page)
      .filter({ hasText: formatCoins(before) })
      .waitFor();

    await liveWithin(
      "the seller's balance and collection",
      () => apiJson(bob.page, 'post', `/api/market/buy/${card!.id}`, { expectedPrice: price }),
      () =>
        Promise.all([
          pill(alice.page)
            .filter({ hasNotText: formatCoins(before) })
            .waitFor({ timeout: GIVE_UP_MS }),
          expect.poll(() => listed.count(), { timeout: GIVE_UP_MS, interval: 50 }).toBe(copies - 1),
        ]),
    );
    const after = await balanceOf(alice.page);
    expect(after).toBeGreaterThan(before);
    await pill(alice.page)
      .filter({ hasText: formatCoins(after) })
      .waitFor();
    expect(alice.page.url()).toBe(`${baseUrl}/collection`);
  }, 150_000);

  it("the sender's Sent tab changes, with no reload, on an accept and on a decline", async () => {
    const alice = await newPlayer('live-sender');
    const bob = await newPlayer('live-recipient');
    const [first, second] = await cardsOf(alice.page);
    const accepted = await sendOffer(alice.page, first!.id, bob.username);
    const declined = await sendOffer(alice.page, second!.id, bob.username);

    await openLive(alice.page, '/trade');
    await alice.page.getByRole('tab', { name: /^Sent/ }).click();
    const sent = (id: number) => alice.page.getByTestId(`sent-offer-${id}`);
    await sent(accepted.id).getByText(`Waiting for ${bob.username} to respond`).waitFor();
    await sent(declined.id).waitFor();

    await liveWithin(
      'an accepted offer leaving Sent',
      () => accept(bob.page, accepted.id),
      () => sent(accepted.id).waitFor({ state: 'detached', timeout: GIVE_UP_MS }),
    );
    await liveWithin(
      'a declined offer leaving Sent',
      () => apiJson(bob.page, 'post', `/api/trades/${declined.id}/decline`, {}),
      () => alice.page.getByText('No outgoing trade offers').waitFor({ timeout: GIVE_UP_MS }),
    );
  }, 150_000);

  it("a cash-out's status and the admin's queue update in place", async () => {
    const admin = await signInAdmin(browser(), baseUrl);
    const player = await newPlayer('live-cashout');
    for (let i = 0; i < 3; i++) await buyRareRoll(player.page);
    const coins = await balanceOf(player.page);

    // The queue as it was before the request: a first load still on its way could bring the new row.
    const queueLoaded = admin.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/admin/cashout/requests',
      { timeout: 60_000 },
    );
    await openLive(admin, '/admin/cashout');
    await admin.getByRole('heading', { name: 'Cash Out Requests' }).waitFor();
    await admin.getByRole('tab', { name: /^Pending/ }).click();
    await queueLoaded;
    await admin.getByRole('tabpanel').locator('table, p').first().waitFor();

    let requestId = 0;
    await liveWithin(
      "a new request in the admin's Pending queue",
      async () => {
        const made = await apiJson<{ request: { id: number } }>(player.page, 'post', '/api/cashout/request', {
          coinsAmount: 50_000,
          paypalEmail: 'live@paypal.example',
        });
        requestId = made.request.id;
      },
      () => admin.getByTestId(`cashout-${requestId}`).waitFor({ timeout: GIVE_UP_MS }),
    );

    await openLive(player.page, '/cashout');
    await player.page.getByRole('tab', { name: 'Request History' }).click();
    const status = player.page
      .getByRole('listitem', { name: `Cashout request ${requestId}` })
      .getByTestId('cashout-status');
    await status.filter({ hasText: /^pending$/ }).waitFor();
    await pill(player.page)
      .filter({ hasText: formatCoins(coins - 50_000) })
      .waitFor();

    // Another admin (here: the API) moves it: both pages follow.
    const setStatus = (to: string) =>
      apiJson(admin, 'post', `/api/admin/cashout/${requestId}/status`, { status: to });
    await liveWithin(
      "'processing' on the player's history and the request leaving the admin's Pending tab",
      () => setStatus('processing'),
      () =>
        Promise.all([
          status.filter({ hasText: /^processing$/ }).waitFor({ timeout: GIVE_UP_MS }),
          admin.getByTestId(`cashout-${requestId}`).waitFor({ state: 'detached', timeout: GIVE_UP_MS }),
        ]),
    );
    await liveWithin(
      "'rejected' and the refund on the player's page",
      () => setStatus('rejected'),
      () =>
        Promise.all([
          status.filter({ hasText: /^rejected$/ }).waitFor({ timeout: GIVE_UP_MS }),
          pill(player.page)
            .filter({ hasText: formatCoins(coins) })
            .waitFor({ timeout: GIVE_UP_MS }),
        ]),
    );
    await admin.getByRole('tab', { name: /^Rejected/ }).click();
    await admin.getByTestId(`cashout-${requestId}`).waitFor();
  }, 150_000);
});

/**
 * Offers expire after OFFER_TTL_MS; trading's sweeper records it every EXPIRY_SWEEP_INTERVAL_MS. The
 * worker's app keeps a week, so this test starts an app of its own where an offer lives 20 s.
 */
describe('an offer that expires', () => {
  const TTL_MS = 20_000;
  const SWEEP_MS = 200;
  const app = useOwnApp(
    'expiry',
    { RATE_LIMIT_SCALE: '50', OFFER_TTL_MS: String(TTL_MS), EXPIRY_SWEEP_INTERVAL_MS: String(SWEEP_MS) },
    browser,
  );

  it("leaves the sender's Sent tab when the sweeper records it, with no reload", async () => {
    const alice = await newPlayer('live-expiring', app().url);
    const bob = await newPlayer('live-idle', app().url);
    const [card] = await cardsOf(alice.page);
    const offer = await sendOffer(alice.page, card!.id, bob.username);
    await openLive(alice.page, '/trade');
    await alice.page.getByRole('tab', { name: /^Sent/ }).click();
    const row = alice.page.getByTestId(`sent-offer-${offer.id}`);
    await row.waitFor();

    const expiresAt = Date.parse(offer.expiresAt);
    expect(expiresAt - Date.now(), 'the offer expired before the page showed it').toBeGreaterThan(0);
    await row.waitFor({ state: 'detached', timeout: TTL_MS + GIVE_UP_MS });
    const ms = Date.now() - expiresAt;
    console.log(`live: an expired offer left Sent ${ms} ms after its expiry (sweeper every ${SWEEP_MS} ms)`);
    await alice.page.getByText('No outgoing trade offers').waitFor();
  }, 200_000);
});
