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
  // What the page did, told when the sign-up does not arrive: a stall says where it was.
  const started = Date.now();
  const seen: string[] = [];
  const note = (what: string) => seen.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
  page.on(
    'request',
    (r) => r.url().includes('/api/') && note(`→ ${r.method()} ${new URL(r.url()).pathname}`),
  );
  page.on(
    'response',
    (r) => r.url().includes('/api/') && note(`← ${r.status()} ${new URL(r.url()).pathname}`),
  );
  page.on('requestfailed', (r) => note(`✗ ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`at ${new URL(f.url()).pathname}`));
  page.on('console', (m) => m.type() !== 'debug' && note(`console ${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
  await page.getByLabel('Confirm Password').fill('e2e-password-1');
  note(`filled; the e-mail field holds ${JSON.stringify(await page.getByLabel('Email').inputValue())}`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  note('clicked Create Account');
  // Sign-up hashes the password (scrypt): on a loaded machine that alone can pass Playwright's 30 s. A
  // refused sign-up (its toast) fails at once with the server's message instead of waiting it out.
  const outcome = await Promise.race([
    page.waitForURL(`${baseUrl}/`, { timeout: 90_000 }).then(() => 'home' as const),
    page
      .getByText('Registration failed')
      .waitFor({ timeout: 90_000 })
      .then(() => 'refused' as const),
  ]).catch((error: unknown) => error);
  if (outcome !== 'home') {
    const shown = await page.locator('body').innerText();
    const fields = await page
      .getByLabel('Email')
      .inputValue()
      .catch(() => '(no e-mail field)');
    throw new Error(
      `sign-up of ${email} did not reach Home; the page shows:\n${shown}\nits e-mail field holds ${JSON.stringify(fields)}; what happened:\n${seen.join('\n')}`,
      { cause: outcome },
    );
  }
  return email;
}
