import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { signUpNewPlayer } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

describe('admin screens for a player', () => {
  it("shows 'Access Denied' and 'Admin Access Required', and the server refuses the calls", async () => {
    const { page } = await signUpNewPlayer(browser(), baseUrl, 'not-admin');

    await page.goto('/admin/cashout');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto('/admin/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).isVisible()).toBe(true);

    await page.goto('/admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Admin Access Required' }).isVisible())
      .toBe(true);

    // The page only hides the screens; the server is what refuses a player.
    const status = await page.evaluate(async () => (await fetch('/api/admin/cashout/requests')).status);
    expect(status).toBe(403);
  });
});
