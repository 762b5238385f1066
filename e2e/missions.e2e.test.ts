import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { signUpNewPlayer } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

interface Mission {
  id: number;
  description: string;
  reward: number;
  completed: boolean;
  claimed: boolean;
}
interface Entry {
  user: { id: number; username: string };
  collectionValue: number;
  cardCount: number;
  rank: number;
}

async function newPlayer(prefix: string): Promise<Page> {
  const { page } = await signUpNewPlayer(browser(), baseUrl, prefix);
  await page.getByRole('button', { name: 'Skip Reveal' }).click();
  await page.getByRole('button', { name: 'Continue to App' }).click();
  return page;
}

const getJson = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;
const balanceOf = async (page: Page) => (await getJson<{ coins: number }>(page, '/api/user/balance')).coins;
const dailyMission = async (page: Page, description: string) =>
  (await getJson<{ daily: Mission[] }>(page, '/api/missions')).daily.find(
    (m) => m.description === description,
  );

describe('missions', () => {
  it('a player completes a daily mission by buying a card and claims it once', async () => {
    const page = await newPlayer('missioner');
    await expect.poll(() => balanceOf(page)).toBe(10_000);
    const mission = (await dailyMission(page, 'Buy a card on the market'))!;
    expect(mission).toMatchObject({ completed: false, claimed: false });

    // Buy the cheapest card the market itself sells, read once the screen shows the market (a
    // price tick between an earlier read and the screen's may move it off the first page).
    await page.goto('/market');
    await page.locator('[data-testid^="listing-"]').first().waitFor();
    const items = await getJson<{ id: number; userId: number; price: number }[]>(
      page,
      '/api/market?sort=price_asc',
    );
    const offer = items.find((i) => i.userId === 0)!;
    await page.getByTestId(`listing-${offer.id}`).getByRole('button', { name: 'Buy', exact: true }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Buy for / })
      .click();
    // The buy's own toast is market.e2e's to check: here the mission it completes may take the
    // screen first (its moment), and this test is about the mission.
    await expect.poll(() => balanceOf(page)).toBe(10_000 - offer.price);
    const before = 10_000 - offer.price;

    // The sale reaches missions through the event bus.
    await expect
      .poll(async () => (await dailyMission(page, mission.description))?.completed, { timeout: 15_000 })
      .toBe(true);

    await page.goto('/missions');
    await page.getByRole('heading', { name: 'Mission Center' }).waitFor();
    const row = page.getByRole('listitem', { name: mission.description });
    await row.getByRole('button', { name: 'Claim', exact: true }).click();
    await page.getByText(`+${mission.reward.toLocaleString('en-US')} coins!`, { exact: true }).waitFor();
    await row.getByText('Claimed', { exact: true }).waitFor();
    await expect.poll(() => balanceOf(page)).toBe(before + mission.reward);
    await page.getByText(`Balance: ${(before + mission.reward).toLocaleString('en-US')}`).waitFor();

    await page.getByRole('tab', { name: 'Completed' }).click();
    await page
      .getByRole('list', { name: 'Completed missions' })
      .getByRole('listitem', { name: mission.description })
      .waitFor();

    // A second claim (a new key) is refused and pays nothing.
    const again = await page.request.post(`/api/missions/${mission.id}/claim`, {
      data: {},
      headers: { 'Idempotency-Key': `again-${Date.now()}`, Origin: baseUrl },
    });
    expect(again.status()).toBe(409);
    expect(await balanceOf(page)).toBe(before + mission.reward);
  });
});

/** The usernames the leaderboard screen shows, top to bottom (podium first, then the list). */
async function shownOrder(page: Page): Promise<string[]> {
  await page.goto('/leaderboard');
  await page.getByRole('list', { name: 'Podium' }).waitFor();
  const labels = await page
    .locator('ol[aria-label="Podium"] > li, ol[aria-label="Rankings"] > li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^(1st|2nd|3rd) Place: |^#\d+ /, ''));
}

describe('the leaderboard', () => {
  it('two players see each other, in order of collection value, by username', async () => {
    const first = await newPlayer('ranker');
    const second = await newPlayer('ranker');
    const me = async (page: Page) => getJson<{ id: number; username: string }>(page, '/api/user');
    const [a, b] = [await me(first), await me(second)];

    // Their starter packs reach the leaderboard through the event bus.
    const bothRanked = async () => {
      const board = await getJson<Entry[]>(first, '/api/leaderboard');
      const ea = board.find((e) => e.user.id === a.id);
      const eb = board.find((e) => e.user.id === b.id);
      return ea && eb && ea.cardCount >= 3 && eb.cardCount >= 3 ? { ea, eb } : undefined;
    };
    await expect.poll(bothRanked, { timeout: 15_000 }).toBeTruthy();
    const { ea, eb } = (await bothRanked())!;
    expect(ea.user.username).toBe(a.username);
    expect(ea.rank < eb.rank).toBe(
      ea.collectionValue > eb.collectionValue || (ea.collectionValue === eb.collectionValue && a.id < b.id),
    );

    // Both screens show both names, the more valuable collection higher.
    const higher = ea.rank < eb.rank ? a.username : b.username;
    const lower = higher === a.username ? b.username : a.username;
    for (const page of [first, second]) {
      const order = await shownOrder(page);
      expect(order).toContain(higher);
      expect(order).toContain(lower);
      expect(order.indexOf(higher)).toBeLessThan(order.indexOf(lower));
      expect(order.join(' ')).not.toContain('@');
    }

    // Home's rank leads to the leaderboard.
    await first.goto('/');
    const rank = (await getJson<{ rank: number | null }>(first, '/api/user')).rank;
    expect(rank).toBeGreaterThan(0);
    await first.getByRole('link', { name: `#${rank}` }).click();
    await first.waitForURL(`${baseUrl}/leaderboard`);
    await first.getByRole('heading', { name: 'Top Collectors' }).waitFor();
  });
});
