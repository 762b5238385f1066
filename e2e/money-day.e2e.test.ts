import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { appUrl } from './support/app';
import { axeCounts, describeFindings, settle } from './support/axe';
import { useBrowser } from './support/browser';
import { signUpViaApi } from './support/api';

/** Issue 43, items 1, 5, 6 and 14: money a player can trust on screen, at a phone's and a desktop's width. */
const baseUrl = appUrl();
const browser = useBrowser();

const WIDTHS = [390, 1280] as const;

const balanceOf = async (page: Page) =>
  ((await (await page.request.get('/api/user/balance')).json()) as { coins: number }).coins;

/** A new player at this width, signed up through the API, the starter pack seen, on Home. */
async function newPlayer(width: number, prefix: string): Promise<Page> {
  const page = await signUpViaApi(browser(), baseUrl, prefix, { width, height: 844 });
  await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(10_000);
  await page.goto('/');
  return page;
}

/** Buys the Rare Roll ($20, 50,000 coins) with the test card 4242 on /purchase-coins. */
async function buyRareRoll(page: Page, expectedBalance: number) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  // The credit waits for the confirmation's round trips: on a loaded machine longer than a second.
  await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(expectedBalance);
  // The form starts over with a fresh intent after each payment.
  await page.getByRole('button', { name: /^Pay / }).waitFor();
}

/**
 * Whether nothing fixed (the bottom bar) covers the button: what a tap at its centre reaches is the
 * button or what holds it (a disabled button lets taps through to its holder).
 */
async function reachable(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('button', { name });
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  return button.evaluate(
    (target, { x, y }) => {
      type El = { contains(other: unknown): boolean };
      const doc = (
        globalThis as unknown as { document: { elementFromPoint(x: number, y: number): El | null } }
      ).document;
      const hit = doc.elementFromPoint(x, y);
      return hit !== null && (hit === target || hit.contains(target) || (target as El).contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

describe.each(WIDTHS)('a new player at %i px', (width) => {
  it('Home leads to a first pack; the balance opens the wallet; what costs too much says what is missing', async () => {
    const page = await newPlayer(width, `wallet${width}`);

    // Item 14: Home leads a new player to their first pack.
    const first = page.getByRole('region', { name: 'Open your first pack' });
    await first.getByText(/The Common Pack holds 3 new cards for/).waitFor();
    await first.getByRole('link', { name: 'Choose your first pack' }).click();
    await page.waitForURL(`${baseUrl}/shop`);

    // Item 1: a pack above the balance keeps 'Add More Coins' disabled and says how many coins.
    const ultra = page.getByTestId('pack-5');
    expect(await ultra.getByRole('button', { name: 'Add More Coins' }).isDisabled()).toBe(true);
    await ultra.getByText('You need 140,000 more coins').waitFor();
    expect(await ultra.getByRole('link', { name: 'Purchase Coins' }).getAttribute('href')).toBe(
      '/purchase-coins',
    );
    // A coin offer above the balance is not sent.
    await page.goto('/trade');
    await page.getByLabel('Coin offer').fill('10001');
    await page.getByText('You need 1 more coin').waitFor();
    expect(await page.getByRole('button', { name: 'Send Trade Offer' }).isDisabled()).toBe(true);

    // Item 14: the balance pill opens the wallet sheet.
    await page.getByRole('button', { name: 'Balance: 10,000' }).click();
    const sheet = page.getByRole('dialog', { name: 'Wallet' });
    await sheet.getByText('Held coins').waitFor();
    await settle(page);
    const counts = await axeCounts(page);
    expect(counts.serious + counts.critical, describeFindings(counts)).toBe(0);
    const actions = sheet.getByRole('navigation', { name: 'Wallet actions' });
    for (const name of ['Buy coins', 'Cash out', 'Promo code', 'Spending limit'])
      await actions.getByRole('link', { name }).waitFor();
    await actions.getByRole('link', { name: 'Cash out' }).click();
    await page.waitForURL(`${baseUrl}/cashout`);

    // Item 5: the platform's funds are not the player's requirement; nothing covers the submit.
    await page.getByTestId('requirement-purchases').waitFor();
    expect(await page.getByTestId('requirement-platform_funds').getAttribute('data-state')).toBe(
      'not_applicable',
    );
    expect(await reachable(page, 'Request Cashout')).toBe(true);
  });

  it('the cash-out lines follow the amount; Purchase Coins offers only what the spending limit allows', async () => {
    const page = await newPlayer(width, `limit${width}`);
    await page.goto('/purchase-coins');
    await page.getByText('Test mode').first().waitFor();
    for (let i = 1; i <= 3; i++) await buyRareRoll(page, 10_000 + i * 50_000);

    // Item 5: $60 paid in backs less than 160,000 coins' $61.94: the purchase line fails for that amount.
    await page.goto('/cashout');
    await page.getByLabel('PayPal Email').fill('limit@paypal.example');
    await page.getByLabel('Coins Amount').fill('160000');
    const line = page.getByTestId('requirement-purchase_total');
    // The wallet judges the amount once typing stops (debounced) and answers: give a loaded machine time.
    await expect.poll(() => line.getAttribute('data-state'), { timeout: 15_000 }).toBe('unmet');
    expect(await page.getByRole('button', { name: 'Request Cashout' }).isDisabled()).toBe(true);
    await page.getByLabel('Coins Amount').fill('100000');
    await expect.poll(() => line.getAttribute('data-state'), { timeout: 15_000 }).toBe('met');
    await expect
      .poll(() => page.getByRole('button', { name: 'Request Cashout' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    expect(await reachable(page, 'Request Cashout')).toBe(true);

    // Item 6: a limit of $100 with $60 spent and the page's last $20 intent still open leaves $20:
    // Rare Roll fits, dearer packages do not (the server counts open intents too).
    const set = await page.request.put('/api/user/spending-limit', {
      data: { monthlyLimit: 100 },
      headers: { 'Idempotency-Key': `limit-${width}-${Date.now()}` },
    });
    expect(set.status(), await set.text()).toBe(200);
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/create-payment-intent') && r.status() >= 400)
        failures.push(String(r.status()));
    });
    await page.goto('/purchase-coins');
    await page.getByTestId('remaining-limit').getByText('Spending limit: $20.00 left this month').waitFor();
    expect(await page.getByTestId('package-rare-roll').locator('input').isChecked()).toBe(true);
    const epic = page.getByTestId('package-epic-edge');
    expect(await epic.locator('input').isDisabled()).toBe(true);
    await epic.getByText('Above your remaining spending limit').waitFor();
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    expect(await page.getByText('Failed to initialize payment').count()).toBe(0);
    expect(failures).toEqual([]);
  });
});
