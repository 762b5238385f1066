import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeCounts, describeFindings } from './support/axe';
import { apiJson } from './support/api';
import { dismissMomentsAutomatically, uniqueEmail, useBrowser } from './support/browser';
import { useOwnApp } from './support/live';

/**
 * Issue 44's matchday in a real browser: a player fields a lineup on /matchday, watches it lock at
 * kickoff, sees the points arrive with the rank, and gets the reward once. The app's matchdays kick
 * off every 40 s, with results 5 s later, so the whole day passes within a minute or two.
 */
const CYCLE_MS = 40_000;
const GIVE_UP_MS = 120_000;
const browser = useBrowser();

interface MarketItem {
  id: number;
  userId: number;
  player: { id: number };
}
interface View {
  matchday: { id: number; locksAt: string; state: string };
  lineup: {
    points: number | null;
    reward: number | null;
    rewardStatus: string | null;
    rank: number | null;
  } | null;
  now: string;
}

/** The cheapest market-owned cards of `position`, one per player, bought through the API. */
async function buy(page: Page, position: string, count: number, taken: Set<number>): Promise<void> {
  const items = (await (
    await page.request.get(`/api/market?position=${position}&sort=price_asc`)
  ).json()) as MarketItem[];
  const fresh = items.filter((i) => i.userId === 0 && !taken.has(i.player.id)).slice(0, count);
  for (const item of fresh) {
    taken.add(item.player.id);
    const res = await page.request.post(`/api/market/buy/${item.id}`, {
      data: {},
      headers: { 'Idempotency-Key': `matchday-${item.id}-${Date.now()}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const matchday = (page: Page) => apiJson<View>(page, 'get', '/api/matchday');

describe('a matchday from lineup to reward', () => {
  const app = useOwnApp(
    'matchday',
    {
      MARKET_HOURS: 'always',
      RATE_LIMIT_SCALE: '50',
      UPSTREAM_TIMEOUT_MS: '30000',
      MATCHDAY_CYCLE_MS: String(CYCLE_MS),
      MATCHDAY_RESULTS_DELAY_MS: '5000',
      MATCHDAY_SWEEP_MS: '500',
    },
    browser,
  );

  it('fields a lineup, sees it lock, the points and the rank arrive, and the reward is paid once', async () => {
    const context = await browser().newContext({
      baseURL: app().url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await dismissMomentsAutomatically(page);
    const credentials = { data: { email: uniqueEmail('matchday'), password: 'e2e-password-1' } };
    expect((await page.request.post('/api/register', { ...credentials, timeout: GIVE_UP_MS })).status()).toBe(
      201,
    );
    await expect
      .poll(async () => (await apiJson<unknown[]>(page, 'get', '/api/user/cards')).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await apiJson(page, 'post', '/api/user/starter-pack/revealed', {});
    const taken = new Set<number>();
    await buy(page, 'Goalkeeper', 1, taken);
    await buy(page, 'Defender', 1, taken);
    await buy(page, 'Midfielder', 1, taken);
    await buy(page, 'Forward', 2, taken);

    // Enough time before this matchday's kickoff to field the lineup; else the next one.
    await expect
      .poll(
        async () => {
          const view = await matchday(page);
          return Date.parse(view.matchday.locksAt) - Date.parse(view.now) > 20_000;
        },
        { timeout: CYCLE_MS, interval: 1_000 },
      )
      .toBe(true);

    await page.goto('/matchday');
    await page.getByRole('heading', { level: 1, name: 'Matchday' }).waitFor();
    const form = page.getByRole('form', { name: 'Your lineup' });
    await form.waitFor();
    const { matchday: fielded } = await matchday(page);
    for (const place of ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Outfield player']) {
      const select = form.getByRole('combobox', { name: place, exact: true });
      const value = await select.locator('option').nth(1).getAttribute('value');
      await select.selectOption(value!);
    }
    await form.getByRole('radio', { name: 'Captain' }).first().check();
    const axe = await axeCounts(page);
    expect(axe.serious + axe.critical, describeFindings(axe)).toBe(0);
    await form.getByRole('button', { name: 'Field lineup' }).click();
    await page.getByText('Lineup saved. Your cards are held until kickoff.').waitFor();
    const balanceBefore = (await apiJson<{ coins: number }>(page, 'get', '/api/user/balance')).coins;

    // Kickoff: the lineup stays on the page, locked, and its points arrive by themselves.
    const panel = page.getByRole('region', { name: `Matchday ${fielded.id}` });
    await panel.getByText(/Locked at kickoff|Scored: the points are in/).waitFor({ timeout: GIVE_UP_MS });
    await panel.getByText('Scored: the points are in.').waitFor({ timeout: GIVE_UP_MS });
    const cards = panel.getByRole('list', { name: 'Fielded cards' });
    await expect.poll(() => cards.getByRole('listitem').count(), { timeout: GIVE_UP_MS }).toBe(5);
    await panel.getByText('#1 of 1').waitFor({ timeout: GIVE_UP_MS });

    // The reward: paid once, into the balance and as one notification.
    let paid: View['lineup'] = null;
    await expect
      .poll(
        async () => {
          paid = (await apiJson<View>(page, 'get', `/api/matchday?id=${fielded.id}`)).lineup;
          return paid?.rewardStatus;
        },
        { timeout: GIVE_UP_MS, interval: 1_000 },
      )
      .toBe('paid');
    const reward = paid!.reward!;
    expect(reward).toBeGreaterThanOrEqual(100);
    expect(paid!.rank).toBe(1);
    await panel.getByText('Paid').waitFor({ timeout: GIVE_UP_MS });
    await expect
      .poll(async () => (await apiJson<{ coins: number }>(page, 'get', '/api/user/balance')).coins, {
        timeout: 30_000,
      })
      .toBe(balanceBefore + reward);
    // Another matchday or two pass: nothing is paid again.
    await page.waitForTimeout(CYCLE_MS / 4);
    expect((await apiJson<{ coins: number }>(page, 'get', '/api/user/balance')).coins).toBe(
      balanceBefore + reward,
    );
    const notifications = await apiJson<{ items: { title: string }[] }>(
      page,
      'get',
      '/api/notifications?limit=50',
    );
    expect(notifications.items.filter((n) => n.title === 'Matchday reward')).toHaveLength(1);

    // The history shows it, at desktop width too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/matchday/history');
    await page.getByRole('list', { name: 'Past lineups' }).waitFor();
    const history = await axeCounts(page);
    expect(history.serious + history.critical, describeFindings(history)).toBe(0);
    await context.close();
  }, 300_000);
});
