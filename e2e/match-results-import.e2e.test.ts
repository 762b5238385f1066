import { describe, expect, it } from 'vitest';
import { E2E_ADMIN_EMAIL, signInAdmin } from './support/admin';
import { apiJson } from './support/api';
import { useBrowser } from './support/browser';
import { useOwnApp } from './support/live';

/**
 * Issue 44's results import in a real browser: on an app whose match feed is `import`, an admin
 * uploads a matchday's results file with an error first (the screen names the lines, nothing is
 * kept), then the corrected file, which is imported and then scored. Matchdays kick off every 10 s
 * here, so one is waiting for its results within seconds.
 */
const browser = useBrowser();

interface Listed {
  feed: string;
  matchdays: { matchday: { id: number; state: string }; resultsImport: { revision: number } | null }[];
}

describe('an admin imports a matchday results file', () => {
  const app = useOwnApp(
    'results-import',
    {
      MARKET_HOURS: 'always',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      RATE_LIMIT_SCALE: '50',
      UPSTREAM_TIMEOUT_MS: '30000',
      MATCH_FEED: 'import',
      MATCHDAY_CYCLE_MS: '10000',
      MATCHDAY_RESULTS_DELAY_MS: '0',
      MATCHDAY_SWEEP_MS: '500',
    },
    browser,
  );

  it('sees the line errors of a bad file, then imports the corrected one', async () => {
    const page = await signInAdmin(browser(), app().url);
    const players = await apiJson<{ player: { id: number } }[]>(page, 'get', '/api/market?position=Forward');
    const [a, b] = players.map((p) => p.player.id);
    // A matchday that kicked off and waits for its file.
    await expect
      .poll(
        async () =>
          (await apiJson<Listed>(page, 'get', '/api/admin/matchdays')).matchdays.some(
            (m) => m.matchday.state === 'locked',
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    await page.goto('/admin/matchdays');
    await page.getByRole('heading', { name: 'Match Results' }).waitFor();
    const matchdayId = Number(await page.getByLabel('Matchday').inputValue());
    const fileInput = page.getByLabel('Results file (CSV or JSON)');
    const bad = `player_id,minutes,goals\n${a},90,1\n${b},90,lots\n999999,90,0\n`;
    await fileInput.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: 'Import Results' }).click();
    const errors = page.getByRole('list', { name: 'Line errors' });
    await errors.waitFor();
    expect(await errors.getByRole('listitem').allTextContents()).toEqual([
      'Line 3: goals must be a whole number from 0 to 10',
      'Line 4: player 999999 is not in the catalog',
    ]);
    const afterBad = await apiJson<Listed>(page, 'get', '/api/admin/matchdays');
    expect(afterBad.matchdays.find((m) => m.matchday.id === matchdayId)?.resultsImport).toBeNull();

    const good = JSON.stringify([
      { playerId: a, minutes: 90, goals: 1 },
      { playerId: b, minutes: 90, assists: 1 },
    ]);
    await fileInput.setInputFiles({
      name: 'good.json',
      mimeType: 'application/json',
      buffer: Buffer.from(good),
    });
    await page.getByRole('button', { name: 'Import Results' }).click();
    await page
      .getByText(`Matchday ${matchdayId}: results of 2 players imported.`, { exact: false })
      .waitFor();
    expect(await errors.count()).toBe(0);
    // Its results were due already: the sweeper scores the matchday from the file.
    await expect
      .poll(
        async () =>
          (await apiJson<Listed>(page, 'get', '/api/admin/matchdays')).matchdays.find(
            (m) => m.matchday.id === matchdayId,
          )?.matchday.state,
        { timeout: 10_000 },
      )
      .toBe('scored');
    await page.context().close();
  });
});
