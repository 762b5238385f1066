import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { signUpNewPlayer } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

const balanceOf = async (page: Page) =>
  ((await (await page.request.get('/api/user/balance')).json()) as { coins: number }).coins;

async function newPlayer(prefix: string) {
  const { page } = await signUpNewPlayer(browser(), baseUrl, prefix);
  await page.getByRole('button', { name: 'Skip Reveal' }).click();
  await page.getByRole('button', { name: 'Continue to App' }).click();
  await expect.poll(() => balanceOf(page)).toBe(10_000);
  return page;
}

/** Buys the Rare Roll ($20, 50,000 coins) with the test card 4242 on /purchase-coins. */
async function buyRareRoll(page: Page, expectedBalance: number) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect.poll(() => balanceOf(page)).toBe(expectedBalance);
}

async function requestCashout(page: Page, coins: string, email: string) {
  await page.goto('/cashout');
  await page.getByRole('tab', { name: 'New Request' }).waitFor();
  await page.getByLabel('Coins Amount').fill(coins);
  await page.getByLabel('PayPal Email').fill(email);
  await page.getByRole('button', { name: 'Request Cashout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Cashout Request' });
  await dialog.getByRole('button', { name: 'Confirm Cashout' }).click();
}

describe('cash-out (test-mode payments)', () => {
  it('a player with 3 purchases requests a cash-out and sees it pending in Request History', async () => {
    const page = await newPlayer('cashier');
    await page.goto('/purchase-coins');
    await page.getByText('Test mode').first().waitFor();
    for (let i = 1; i <= 3; i++) {
      await buyRareRoll(page, 10_000 + i * 50_000);
      // The form starts over with a fresh intent after each payment.
      await page.getByRole('button', { name: /^Pay / }).waitFor();
    }

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Cash Out Coins' }).click();
    await page.waitForURL(`${baseUrl}/cashout`);
    await page.getByLabel('Coins Amount').fill('100000');
    // floor(100000 / 2273 * 0.88 * 100) / 100
    await page.getByRole('region', { name: 'Cash preview' }).getByText('$38.71').waitFor();

    await requestCashout(page, '100000', 'cashier@paypal.example');
    await page.getByText('Request submitted', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'Request History' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const item = page.getByRole('listitem', { name: /Cashout request/ });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getByTestId('cashout-status').textContent()).toBe('pending');
    await item.getByText('$38.71').waitFor();
    await item.getByText('cashier@paypal.example').waitFor();
    await expect.poll(() => balanceOf(page)).toBe(160_000 - 100_000);
  });
  // A player without purchases: flow-trust.e2e.test.ts (the checklist, the disabled submit, the 422).
});
