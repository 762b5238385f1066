import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { signUpNewPlayer } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

const balanceOf = async (page: Page) =>
  ((await (await page.request.get('/api/user/balance')).json()) as { coins: number }).coins;
const cardCount = async (page: Page) =>
  ((await (await page.request.get('/api/user/cards')).json()) as unknown[]).length;

describe('coins, packs and promo codes (test-mode payments)', () => {
  it('buys the Rare Roll with 4242, buys and opens a Rare Pack card by card, redeems a seeded promo', async () => {
    const { page } = await signUpNewPlayer(browser(), baseUrl, 'shopper');
    await page.getByRole('button', { name: 'Skip Reveal' }).click();
    await page.getByRole('button', { name: 'Continue to App' }).click();
    await expect.poll(() => balanceOf(page)).toBe(10_000);

    await page.goto('/purchase-coins');
    await page.getByText('Test mode').first().waitFor();
    expect(await page.getByTestId('package-rare-roll').locator('input').isChecked()).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Coins Added!', { exact: true }).waitFor();
    await expect.poll(() => balanceOf(page)).toBe(60_000);

    await page.goto('/shop');
    await page.getByTestId('pack-2').getByRole('button', { name: 'Buy Pack' }).click();
    // A pack asks first, like a market buy (issue 31).
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Buy for / })
      .click();
    await page.getByText('Pack Purchased!', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open Pack' }).click();
    await page.getByText('Card 1 of 4').waitFor();
    const dialog = page.getByRole('dialog');
    // An Epic or rarer pull opens its walkout over the reveal (a random pull): its Continue goes back.
    const walkout = page.getByTestId('walkout');
    const pastWalkout = async (button: Locator) => {
      for (let attempt = 1; ; attempt++) {
        if (await walkout.isVisible()) await walkout.getByRole('button', { name: 'Continue' }).click();
        try {
          await button.click({ timeout: 3_000 });
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
        }
      }
    };
    for (let i = 1; i <= 4; i++) {
      await dialog.getByText(`Card ${i} of 4`).waitFor();
      await dialog.locator('[role="button"][data-state="hidden"]').click();
      await dialog.locator('[role="button"][data-state="revealed"]').waitFor();
      if (i < 4) await pastWalkout(dialog.getByRole('button', { name: 'Next card' }));
    }
    await pastWalkout(dialog.getByRole('button', { name: 'Done' }));
    // The summary, then its own Done.
    await dialog.getByRole('region', { name: 'Pack summary' }).getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => balanceOf(page)).toBe(57_000);
    expect(await cardCount(page)).toBe(3 + 4);

    await page.goto('/collection');
    await page.getByRole('tab', { name: 'Grid View' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Cards' }).getByRole('listitem').count()).toBe(7);

    await page.goto('/purchase-coins?tab=redeem');
    await page.getByPlaceholder('ENTER CODE').fill('welcome2026');
    await page.getByRole('button', { name: 'Redeem Code' }).click();
    await page.getByText('Promo code redeemed!', { exact: true }).first().waitFor();
    await expect.poll(() => balanceOf(page)).toBe(62_000);
  });

  it('a declined card adds nothing', async () => {
    const { page } = await signUpNewPlayer(browser(), baseUrl, 'declined');
    await page.getByRole('button', { name: 'Skip Reveal' }).click();
    await page.getByRole('button', { name: 'Continue to App' }).click();
    await page.goto('/purchase-coins');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Your card was declined.').first().waitFor();
    await expect.poll(() => balanceOf(page)).toBe(10_000);
  });
});
