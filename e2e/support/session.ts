import type { Browser, Page } from 'playwright-core';
import { phoneContext, uniqueEmail } from './browser';

/** Signs a new player up through the UI and dismisses the starter-pack reveal; returns the page on Home. */
export async function signUpNewPlayer(
  browser: Browser,
  baseUrl: string,
  prefix = 'player',
): Promise<{ page: Page; email: string }> {
  const context = await phoneContext(browser, baseUrl);
  const page = await context.newPage();
  return { page, email: await signUpOnPage(page, baseUrl, prefix) };
}

/** Signs a new player up through the UI on a page the caller prepared; returns the e-mail, on Home. */
export async function signUpOnPage(page: Page, baseUrl: string, prefix = 'player'): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByLabel('Confirm Password').fill('e2e-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Sign-up hashes the password (scrypt): on a loaded machine that alone can pass Playwright's 30 s.
  try {
    await page.waitForURL(`${baseUrl}/`, { timeout: 90_000 });
  } catch (error) {
    const shown = await page.locator('body').innerText();
    throw new Error(`sign-up of ${email} did not reach Home; the page shows:\n${shown}`, { cause: error });
  }
  return email;
}
