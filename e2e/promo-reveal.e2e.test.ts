import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { apiJson, signUpViaApi } from './support/api';
import { axeCounts, describeFindings } from './support/axe';
import { useBrowser } from './support/browser';

/**
 * Issue 43, item 4, in Chromium at 390 px: a promo code's cards are revealed as a bought pack's are,
 * one at a time, a Legendary walking out, before the rewards list them (the demo codes LEGEND and
 * RAREPACK, which the embedded app seeds).
 */

const baseUrl = appUrl();
const browser = useBrowser();

async function expectNoBlockingAxe(page: Page, what: string) {
  const counts = await axeCounts(page);
  console.log(`axe ${what}: serious ${counts.serious}, critical ${counts.critical}`);
  expect(counts.serious + counts.critical, `${what}\n${describeFindings(counts)}`).toBe(0);
}

/** A new player at 390 px, starter pack seen, on the redeem tab. */
async function playerOnRedeem(): Promise<Page> {
  const page = await signUpViaApi(browser(), baseUrl, 'promo');
  await page.goto('/purchase-coins?tab=redeem');
  return page;
}

async function redeem(page: Page, code: string): Promise<Locator> {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Redeem Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Rewards' });
  await dialog.waitFor();
  return dialog;
}

/** Taps the face-down card in view and waits until it shows its face. */
async function flip(dialog: Locator): Promise<void> {
  await dialog.locator('[role="button"][data-state="hidden"]').click();
  await dialog.locator('[role="button"][data-state="revealed"]').waitFor();
}

describe('promo rewards reveal their cards like packs (390 px)', () => {
  it('LEGEND walks its Legendary out; RAREPACK reveals its pack card by card; then the rewards', async () => {
    const page = await playerOnRedeem();

    const legend = await redeem(page, 'LEGEND');
    expect(await legend.getAttribute('data-stage')).toBe('revealing');
    await legend.getByText('Card 1 of 1').waitFor();
    await expectNoBlockingAxe(page, 'promo reveal, face down');
    await flip(legend);
    const walkout = legend.getByTestId('walkout');
    await walkout.getByRole('heading', { name: 'Legendary pull!' }).waitFor();
    await expectNoBlockingAxe(page, 'promo walkout');
    await walkout.getByRole('button', { name: 'Continue' }).click();
    await walkout.waitFor({ state: 'detached' });
    await legend.getByRole('button', { name: 'Done' }).click();
    // The spec's rewards dialog follows, listing the card it revealed.
    await expect.poll(() => legend.getAttribute('data-stage')).toBe('rewards');
    expect(
      await legend.getByRole('list', { name: 'Generated cards list' }).getByRole('listitem').count(),
    ).toBe(1);
    await expectNoBlockingAxe(page, 'promo rewards');
    await legend.getByRole('button', { name: 'Redeem Another Code' }).click();

    const pack = await redeem(page, 'RAREPACK');
    await pack.getByText('Card 1 of 4').waitFor();
    for (let i = 1; i <= 4; i++) {
      await pack.getByText(`Card ${i} of 4`).waitFor();
      await flip(pack);
      // A pack's Epic or rarer pull walks out too: let it pass.
      if (await pack.getByTestId('walkout').isVisible())
        await pack.getByTestId('walkout').getByRole('button', { name: 'Continue' }).click();
      if (i < 4) await pack.getByRole('button', { name: 'Next card' }).click();
    }
    await pack.getByText('4 of 4 revealed').waitFor();
    await pack.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => pack.getAttribute('data-stage')).toBe('rewards');
    await pack.getByRole('region', { name: 'Pack rewards' }).getByText('Rare Pack').waitFor();
    expect(await pack.getByRole('list', { name: 'Generated cards list' }).getByRole('listitem').count()).toBe(
      4,
    );
    // 1 starter pack of 3, 1 Legendary, 4 from the pack.
    expect((await apiJson<unknown[]>(page, 'get', '/api/user/cards')).length).toBe(3 + 1 + 4);
    await page.context().close();
  });
});
