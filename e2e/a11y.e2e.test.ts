import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { paths } from '../web/src/config/paths';
import { signInAdmin } from './support/admin';
import { axeCounts, describeFindings, type AxeCounts } from './support/axe';
import { useBrowser, phoneContext } from './support/browser';
import { playerViaApi } from './support/api';
import { signUpNewPlayer } from './support/session';

/**
 * Issue 13, item 2: no serious or critical axe-core violation on any screen of the app at phone width
 * (390×844), signed out, as a player with offers and history to show, and as an admin; and none in the
 * main dialogs. Every path of web/src/config/paths.ts (the route table's paths) must be visited.
 */

const baseUrl = appUrl();
const browser = useBrowser();

/** Every screen measured, in order, for the table printed at the end. */
const measured = new Map<string, AxeCounts>();
/** The paths of the route table that were visited. */
const visited = new Set<string>();

afterAll(async () => {
  const rows = [...measured].map(
    ([screen, counts]) =>
      `${screen.padEnd(44)} ${String(counts.serious).padStart(5)} ${String(counts.critical).padStart(8)}`,
  );
  console.log(
    `axe at 390×844: serious and critical nodes per screen\n${'screen'.padEnd(44)} serious critical\n${rows.join('\n')}`,
  );
});

/** Measures the page as it stands under `screen`; returns a failure line when it has any finding. */
async function measure(page: Page, screen: string): Promise<string | null> {
  const counts = await axeCounts(page);
  measured.set(screen, counts);
  if (counts.serious + counts.critical === 0) return null;
  return `${screen}: ${counts.serious} serious, ${counts.critical} critical\n${describeFindings(counts)}`;
}

/** Opens a route of the table and waits for its heading. */
async function open(page: Page, path: string, ready: Locator = page.locator('h1').first()): Promise<void> {
  const pathname = path.split('?')[0]!;
  visited.add(pathname);
  await page.goto(path);
  await ready.waitFor();
}

/** Another player, through the API: only their offers and wishes are measured, on the main player's screens. */
async function newPlayer(prefix: string): Promise<{ page: Page; username: string }> {
  const { page, username } = await playerViaApi(browser(), baseUrl, prefix);
  return { page, username };
}

const get = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;

async function post(page: Page, path: string, data: unknown, expected: number): Promise<unknown> {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(expected);
  return res.json();
}

interface OwnedCard {
  id: number;
  player: { currentPrice: number };
}
interface Listing {
  id: number;
  userId: number;
  price: number;
}

describe('axe: zero serious or critical violations at phone width', () => {
  let player: Page;

  it('signed out: sign-in, sign-up, forgot password, not found', async () => {
    const context = await phoneContext(browser(), baseUrl);
    const page = await context.newPage();
    const failures: (string | null)[] = [];

    await open(page, paths.auth, page.getByRole('tab', { name: 'Login' }));
    failures.push(await measure(page, '/auth Login'));
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    failures.push(await measure(page, '/auth Sign Up'));
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
    failures.push(await measure(page, '/auth Forgot password'));

    await page.goto('/no-such-screen');
    await page.locator('h1').first().waitFor();
    failures.push(await measure(page, 'not found'));
    await context.close();
    expect(failures.filter(Boolean).join('\n\n')).toBe('');
  }, 120_000);

  it('a player on every screen, with offers, a sale and a trade wish to show', async () => {
    const failures: (string | null)[] = [];
    const signedUp = await signUpNewPlayer(browser(), baseUrl, 'a11y');
    player = signedUp.page;
    const skip = player.getByRole('button', { name: 'Skip Reveal' });
    await skip.waitFor();
    failures.push(await measure(player, 'starter pack reveal'));
    // The cards reveal themselves after 10 s, which measuring may take.
    if (await skip.isVisible()) await skip.click({ timeout: 2_000 }).catch(() => undefined);
    await player.getByRole('button', { name: 'Continue to App' }).waitFor();
    failures.push(await measure(player, 'starter pack revealed'));
    await player.getByRole('button', { name: 'Continue to App' }).click();
    const username = signedUp.email.split('@')[0]!;

    // Something on every list: an offer each way, a bought card, a sale, and another player's wish.
    const other = await newPlayer('a11y-other');
    await expect
      .poll(async () => (await get<{ coins: number }>(player, '/api/user/balance')).coins)
      .toBe(10_000);
    const mine = await get<OwnedCard[]>(player, '/api/user/cards');
    const theirs = await get<OwnedCard[]>(other.page, '/api/user/cards');
    await post(
      other.page,
      '/api/trades/create',
      { cardId: theirs[0]!.id, targetUser: username, coinOffer: 500 },
      201,
    );
    await post(player, '/api/trades/create', { cardId: mine[0]!.id, targetUser: other.username }, 201);
    await post(other.page, '/api/tradewishes', { cardId: theirs[1]!.id, minimumCoins: 100 }, 201);
    const listings = await get<Listing[]>(player, '/api/market?sort=price_asc');
    const cheapest = listings.find((listing) => listing.userId === 0)!;
    await post(player, `/api/market/buy/${cheapest.id}`, { expectedPrice: cheapest.price }, 200);

    await open(player, paths.home);
    failures.push(await measure(player, '/ Home'));

    await open(player, paths.market, player.locator('[data-testid^="listing-"]').first());
    failures.push(await measure(player, '/market'));
    await open(player, paths.marketStock, player.getByRole('table'));
    failures.push(await measure(player, '/market/stock Table View'));
    await player.getByRole('tab', { name: 'By Team' }).click();
    failures.push(await measure(player, '/market/stock By Team'));

    await open(player, paths.trade);
    failures.push(await measure(player, '/trade Create'));
    await player.getByRole('tab', { name: /Incoming/ }).click();
    await player.getByRole('list', { name: 'Incoming trade offers' }).waitFor();
    failures.push(await measure(player, '/trade Incoming'));
    await player.getByRole('tab', { name: /Sent/ }).click();
    await player.getByRole('list', { name: 'Sent trade offers' }).waitFor();
    failures.push(await measure(player, '/trade Sent'));

    await open(player, paths.tradeHistory);
    failures.push(await measure(player, '/trade-history Market'));
    await player.getByRole('tab', { name: 'My Transactions' }).click();
    failures.push(await measure(player, '/trade-history Mine'));

    await open(player, paths.marketListings);
    failures.push(await measure(player, '/market/listings'));
    await open(player, paths.watchlist);
    failures.push(await measure(player, '/watchlist'));
    await open(player, paths.matchday, player.getByRole('form', { name: 'Your lineup' }));
    failures.push(await measure(player, '/matchday'));
    await open(player, paths.matchdayHistory);
    failures.push(await measure(player, '/matchday/history'));
    await open(player, paths.challenges, player.getByRole('list', { name: 'Challenges' }));
    failures.push(await measure(player, '/challenges'));
    // A squad builder (the embedded app seeds the demo challenges), with a card chosen.
    await player.getByRole('list', { name: 'Challenges' }).getByRole('link').first().click();
    await player.getByRole('checkbox').first().check();
    failures.push(await measure(player, '/challenges/:id squad builder'));

    // An auction of the other player's, with the player's bid on it.
    // theirs[2]: the starter card in neither the offer nor the wish (the dialogs below accept the offer).
    const otherCard = theirs[2]!;
    const auctioned = (await post(
      other.page,
      '/api/auctions',
      { cardId: otherCard.id, startPrice: otherCard.player.currentPrice, duration: '24h' },
      201,
    )) as { id: number; minNextBid: number };
    await post(player, `/api/auctions/${auctioned.id}/bids`, { amount: auctioned.minNextBid }, 201);
    await open(player, paths.auctions, player.locator('[data-testid^="auction-"]').first());
    failures.push(await measure(player, '/auctions Live'));
    await player.getByRole('tab', { name: 'My bids' }).click();
    await player.getByRole('list', { name: 'My bids' }).waitFor();
    failures.push(await measure(player, '/auctions My bids'));
    await player.getByRole('tab', { name: 'My auctions' }).click();
    failures.push(await measure(player, '/auctions My auctions'));
    await player.goto(`/auctions/${auctioned.id}`);
    await player.getByRole('heading', { name: 'Bid history' }).waitFor();
    failures.push(await measure(player, '/auctions/:id'));

    await open(player, paths.tradeMarketplace);
    failures.push(await measure(player, '/trade-marketplace'));
    await open(player, paths.leaderboard);
    failures.push(await measure(player, '/leaderboard'));

    await open(player, paths.profile);
    failures.push(await measure(player, '/profile Stats'));
    await player.getByRole('tab', { name: 'Achievements' }).click();
    failures.push(await measure(player, '/profile Achievements'));
    await player.getByRole('tab', { name: 'Settings' }).click();
    failures.push(await measure(player, '/profile Settings'));

    await open(player, paths.collection);
    failures.push(await measure(player, '/collection'));
    for (const view of ['Team View', 'Grid View', 'List View']) {
      await player.getByRole('tab', { name: view }).click();
      failures.push(await measure(player, `/collection ${view}`));
    }

    await open(player, paths.catalog, player.getByRole('list', { name: 'Players' }));
    failures.push(await measure(player, '/catalog'));
    await open(player, paths.missions);
    failures.push(await measure(player, '/missions'));
    await open(player, paths.notifications);
    failures.push(await measure(player, '/notifications'));

    await open(player, paths.teams, player.getByRole('button').filter({ hasText: 'players' }).first());
    failures.push(await measure(player, '/teams'));
    await player.getByRole('button').filter({ hasText: 'players' }).first().click();
    await player.getByRole('button', { name: 'All Teams' }).waitFor();
    failures.push(await measure(player, '/teams roster'));

    await open(player, paths.shop);
    failures.push(await measure(player, '/shop'));
    await open(player, paths.purchaseCoins);
    failures.push(await measure(player, '/purchase-coins'));
    await open(player, paths.purchaseCoinsSuccess);
    failures.push(await measure(player, '/purchase-coins/success'));
    await open(player, paths.cashout);
    failures.push(await measure(player, '/cashout'));
    await player.getByRole('tab', { name: /History/ }).click();
    failures.push(await measure(player, '/cashout History'));

    // The admin screens as a player say so (their admin faces are measured below).
    for (const path of [
      paths.adminCashout,
      paths.adminDashboard,
      paths.adminChallenges,
      paths.adminMatchdays,
      paths.admin,
    ]) {
      await open(player, path);
      failures.push(await measure(player, `${path} (player)`));
    }

    expect(failures.filter(Boolean).join('\n\n')).toBe('');
  }, 300_000);

  it('the main dialogs: card popup, sell form, market card, confirmations, list card, make offer, price chart, notifications', async () => {
    const failures: (string | null)[] = [];
    const dialog = player.getByRole('dialog');
    // A card popup's details fade in half a second after it opens (CardDialogContent's stages): axe
    // measures them once the popup has settled, not in the middle of the fade.
    const settledPopup = player.locator('[role="dialog"][data-stage="2"]');

    await open(player, paths.collection);
    await player.getByRole('tab', { name: 'Grid View' }).click();
    await player.getByRole('list', { name: 'Cards' }).getByRole('button').first().click();
    await dialog.getByRole('button', { name: 'Sell Card' }).waitFor();
    await settledPopup.waitFor();
    failures.push(await measure(player, 'card popup'));
    await dialog.getByRole('button', { name: 'Sell Card' }).click();
    await dialog.getByLabel('Selling Price').waitFor();
    failures.push(await measure(player, 'card popup sell form'));

    await open(player, paths.market, player.locator('[data-testid^="listing-"]').first());
    await player.locator('[data-testid^="listing-"]').first().getByRole('button').first().click();
    await settledPopup.waitFor();
    failures.push(await measure(player, 'market card popup'));
    await player.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The confirmations of what cannot be undone (issue 13, item 5).
    const alert = player.getByRole('alertdialog');
    await player
      .locator('[data-testid^="listing-"]')
      .first()
      .getByRole('button', { name: 'Buy', exact: true })
      .click();
    await alert.waitFor();
    failures.push(await measure(player, 'confirm buy'));
    await alert.getByRole('button', { name: 'Cancel' }).click();

    await open(player, paths.trade);
    await player.getByRole('tab', { name: /Incoming/ }).click();
    await player.getByRole('button', { name: 'Accept' }).first().click();
    await alert.waitFor();
    failures.push(await measure(player, 'confirm accept'));
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await player.getByRole('button', { name: 'Decline' }).first().click();
    await alert.waitFor();
    failures.push(await measure(player, 'confirm decline'));
    await alert.getByRole('button', { name: 'Keep Offer' }).click();
    await player.getByRole('tab', { name: /Sent/ }).click();
    await player.getByRole('button', { name: 'Cancel Offer' }).first().click();
    await alert.waitFor();
    failures.push(await measure(player, 'confirm cancel offer'));
    await alert.getByRole('button', { name: 'Keep Offer' }).click();

    await open(player, paths.tradeMarketplace);
    await player.getByRole('button', { name: 'List Card for Trade' }).click();
    await dialog.waitFor();
    failures.push(await measure(player, 'list-card dialog'));
    await player.keyboard.press('Escape');
    await player.getByRole('button', { name: 'Make Offer' }).first().click();
    await dialog.waitFor();
    failures.push(await measure(player, 'make-offer dialog'));
    await player.keyboard.press('Escape');

    await open(player, paths.marketStock, player.getByRole('table'));
    await player.getByRole('table').getByRole('button').first().click();
    await dialog.getByRole('group', { name: 'Price range' }).waitFor();
    failures.push(await measure(player, 'price chart'));
    await player.keyboard.press('Escape');

    await open(player, paths.home);
    await player.getByRole('button', { name: /^Notifications/ }).click();
    await dialog.getByRole('heading', { name: 'Notifications' }).waitFor();
    failures.push(await measure(player, 'notifications popover'));

    expect(failures.filter(Boolean).join('\n\n')).toBe('');
  }, 180_000);

  it('an admin: the address confirmation, cash-out review, dashboard and controls', async () => {
    const failures: (string | null)[] = [];
    const admin = await signInAdmin(browser(), baseUrl, async (page) => {
      failures.push(await measure(page, '/auth confirm admin address'));
    });

    await open(admin, paths.adminCashout);
    failures.push(await measure(admin, '/admin/cashout'));
    await open(admin, paths.adminDashboard);
    failures.push(await measure(admin, '/admin/dashboard'));
    await open(admin, paths.adminChallenges, admin.getByRole('form', { name: 'New challenge' }));
    failures.push(await measure(admin, '/admin/challenges'));
    await open(admin, paths.adminMatchdays, admin.getByRole('heading', { name: 'Match Results' }));
    failures.push(await measure(admin, '/admin/matchdays'));
    await open(admin, paths.admin);
    failures.push(await measure(admin, '/admin'));
    await open(admin, paths.home);
    failures.push(await measure(admin, '/ Home (admin header)'));

    expect(failures.filter(Boolean).join('\n\n')).toBe('');
  }, 180_000);

  it('visited every path of the route table', () => {
    expect([...visited].sort()).toEqual(Object.values(paths).sort());
  });
});
