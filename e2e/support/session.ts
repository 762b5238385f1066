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
  const email = uniqueEmail(prefix);
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByLabel('Confirm Password').fill('e2e-password-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${baseUrl}/`);
  return { page, email };
}
