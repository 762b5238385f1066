import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { signInAdmin } from './support/admin';
import { useBrowser } from './support/browser';
import { playerViaApi } from './support/api';

const baseUrl = appUrl();
const browser = useBrowser();
let admin: Page;

beforeAll(async () => {
  admin = await signInAdmin(browser(), baseUrl);
});

const getJson = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};
const postJson = async <T>(page: Page, path: string, data: unknown): Promise<T> => {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};
const balanceOf = async (page: Page) => (await getJson<{ coins: number }>(page, '/api/user/balance')).coins;

/** A test-mode purchase of the Rare Roll ($20, 50,000 coins) through the calls the card form makes. */
async function buyRareRoll(page: Page): Promise<void> {
  const intent = await postJson<{ paymentIntentId: string }>(page, '/api/create-payment-intent', {
    amount: 20,
    packageId: 'rare-roll',
  });
  const paid = await postJson<{ status: string }>(
    page,
    `/api/test-payments/${intent.paymentIntentId}/confirm`,
    { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
  );
  expect(paid.status).toBe('succeeded');
  await postJson(page, '/api/payment/success', { paymentIntentId: intent.paymentIntentId });
}

/** A new player with the 10,000 welcome coins and three purchases: 160,000 coins, cash-out allowed. */
async function playerWithPurchases(prefix: string): Promise<{ page: Page; email: string }> {
  const player = await playerViaApi(browser(), baseUrl, prefix);
  await expect.poll(() => balanceOf(player.page)).toBe(10_000);
  for (let i = 0; i < 3; i++) await buyRareRoll(player.page);
  expect(await balanceOf(player.page)).toBe(160_000);
  return player;
}

/** The player's request through /cashout; returns its id. */
async function requestCashout(page: Page, coins: number, paypalEmail: string): Promise<number> {
  await page.goto('/cashout');
  await page.getByLabel('Coins Amount').fill(String(coins));
  await page.getByLabel('PayPal Email').fill(paypalEmail);
  await page.getByRole('button', { name: 'Request Cashout' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Cashout Request' })
    .getByRole('button', { name: 'Confirm Cashout' })
    .click();
  await page.getByText('Request submitted', { exact: true }).waitFor();
  const mine = await getJson<{ id: number; status: string }[]>(page, '/api/cashout/requests');
  expect(mine).toHaveLength(1);
  expect(mine[0]!.status).toBe('pending');
  return mine[0]!.id;
}

/** What the player's Request History shows as the status of their one request. */
async function statusShownToPlayer(page: Page): Promise<string | null> {
  await page.goto('/cashout');
  await page.getByRole('tab', { name: 'Request History' }).click();
  return page
    .getByRole('listitem', { name: /Cashout request/ })
    .getByTestId('cashout-status')
    .textContent();
}

/** The player's notifications (/notifications) tell of the change, as notifications builds them from its event. */
async function notifiedOf(page: Page, title: string): Promise<void> {
  await page.goto('/notifications');
  await page.getByText(title, { exact: true }).first().waitFor();
}

/** The profit wallet in coins as the Overview of /admin/dashboard shows it ('12,000 coins'). */
async function profitWalletShown(): Promise<number> {
  await admin.goto('/admin/dashboard');
  const card = admin.getByRole('region', { name: 'Admin Profit Wallet' });
  const figure = card.getByText(/^[\d,]+ coins$/);
  await figure.waitFor();
  return Number((await figure.textContent())!.replace(/[^\d]/g, ''));
}

async function openCashoutTab(tab: 'Pending' | 'Processing' | 'Completed' | 'Rejected'): Promise<void> {
  await admin.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
}

/** Confirms the admin's status change in its dialog and waits for the 'Status updated' toast. */
async function confirmChange(
  confirmation: string,
  button: string,
  paypalTransactionId?: string,
): Promise<void> {
  const dialog = admin.getByRole('alertdialog');
  await dialog.getByText(confirmation, { exact: true }).waitFor();
  // Completing records the PayPal payment sent (issue 43).
  if (paypalTransactionId) await dialog.getByLabel('PayPal transaction ID').fill(paypalTransactionId);
  await dialog.getByRole('button', { name: button }).click();
  await admin.getByText('Status updated', { exact: true }).last().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** 'Manage Request' on the row of request `id`, then one of its items. */
async function manage(id: number, item: string): Promise<void> {
  const row = admin.getByTestId(`cashout-${id}`);
  await row.getByRole('button', { name: 'Manage Request' }).click();
  await admin.getByRole('menu', { name: 'Manage Request' }).getByRole('menuitem', { name: item }).click();
}

const START = 'This will mark the request as "processing" and begin the payment process. Continue?';
const COMPLETE = 'This confirms that payment has been sent to the user via PayPal. Continue?';
const REJECT =
  'This will reject the cashout request and refund the coins to the user. This action cannot be undone.';

describe('cash-out review by an admin (/admin/cashout)', () => {
  it('processes and completes a request: the player sees completed, the profit wallet grows by 12%', async () => {
    const player = await playerWithPurchases('cashout-done');
    const id = await requestCashout(player.page, 100_000, 'done@paypal.example');
    expect(await balanceOf(player.page)).toBe(60_000);
    const profitBefore = await profitWalletShown();

    await admin.goto('/admin/cashout');
    await admin.getByRole('heading', { name: 'Cash Out Requests' }).waitFor();
    const row = admin.getByTestId(`cashout-${id}`);
    await row.getByText(player.email, { exact: true }).waitFor();
    await row.getByText('100,000', { exact: true }).waitFor();
    // floor(100000 / 2273 * 0.88 * 100) / 100
    await row.getByText('$38.71', { exact: true }).waitFor();

    await manage(id, 'Start Processing');
    await confirmChange(START, 'Start Processing');
    await openCashoutTab('Processing');
    await manage(id, 'Mark as Completed');
    await confirmChange(COMPLETE, 'Confirm Payment Sent', `E2E${String(id).padStart(14, '0')}`);
    await openCashoutTab('Completed');
    await admin.getByTestId(`cashout-${id}`).waitFor();

    expect(await statusShownToPlayer(player.page)).toBe('completed');
    await notifiedOf(player.page, 'Cash-out completed');
    // The 88% left the platform; the 12% fee (12,000 of 100,000 coins) is the platform's profit.
    expect(await profitWalletShown()).toBe(profitBefore + 12_000);
    const wallet = await getJson<{ profitWallet: number }>(admin, '/api/admin/wallet');
    expect(wallet.profitWallet).toBe(profitBefore + 12_000);
    expect(await balanceOf(player.page)).toBe(60_000);
  }, 180_000);

  it('rejecting a request in processing refunds every coin and leaves the profit wallet alone', async () => {
    const player = await playerWithPurchases('cashout-rejected');
    const id = await requestCashout(player.page, 50_000, 'rejected@paypal.example');
    expect(await balanceOf(player.page)).toBe(110_000);
    const profitBefore = await profitWalletShown();

    await admin.goto('/admin/cashout');
    // Through the details dialog this time: its note names the payment to send and the memo.
    await manage(id, 'View Details');
    const details = admin.getByRole('dialog', { name: 'Cashout Request Details' });
    await details.getByText(`Touchline Cashout #${id}`, { exact: false }).waitFor();
    await details.getByRole('button', { name: 'Start Processing' }).click();
    await confirmChange(START, 'Start Processing');

    await openCashoutTab('Processing');
    await manage(id, 'Reject Request');
    await confirmChange(REJECT, 'Reject Request');
    await openCashoutTab('Rejected');
    await admin.getByTestId(`cashout-${id}`).waitFor();

    expect(await statusShownToPlayer(player.page)).toBe('rejected');
    await notifiedOf(player.page, 'Cash-out rejected');
    expect(await balanceOf(player.page)).toBe(160_000);
    expect(await profitWalletShown()).toBe(profitBefore);
    // Final: the server refuses to complete a rejected request, whoever asks.
    const again = await admin.request.post(`/api/admin/cashout/${id}/status`, {
      data: { status: 'completed', paypalTransactionId: '5TY05013RG002845M' },
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(again.status()).toBeLessThan(500);
    expect(await balanceOf(player.page)).toBe(160_000);
  }, 180_000);
});
