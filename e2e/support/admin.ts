import type { Browser, Page } from 'playwright-core';
import { phoneContext } from './browser';
import { adminLinkFor } from './mailbox';

/**
 * The one address global-setup.ts lists in ADMIN_EMAILS. An account becomes admin the way an operator's
 * address does in embedded mode: it signs up, opens the link e-mailed to the dev mailbox and confirms
 * with a new password (here the same one), which signs every session out; then it signs in again.
 */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.com';
const PASSWORD = 'e2e-admin-password-1';

const isAdmin = async (page: Page): Promise<boolean> => {
  const res = await page.request.get('/api/user');
  return res.ok() && ((await res.json()) as { isAdmin: boolean }).isAdmin;
};

/** A phone-sized page signed in as the e2e admin (signed up and confirmed on first use in the run). */
export async function signInAdmin(
  browser: Browser,
  baseUrl: string,
  /** Sees the address confirmation screen before Confirm, when this call is the one that confirms. */
  beforeConfirm?: (page: Page) => Promise<void>,
): Promise<Page> {
  const context = await phoneContext(browser, baseUrl);
  const page = await context.newPage();
  const credentials = { data: { email: E2E_ADMIN_EMAIL, password: PASSWORD } };
  const signIn = async () => {
    const login = await page.request.post('/api/login', credentials);
    if (!login.ok()) throw new Error(`admin sign-in failed: ${login.status()} ${await login.text()}`);
  };
  const registered = await page.request.post('/api/register', credentials);
  // Otherwise an earlier test file of this run created the account already.
  if (registered.status() !== 201) await signIn();
  if (!(await isAdmin(page))) {
    await page.goto(await adminLinkFor(baseUrl, E2E_ADMIN_EMAIL));
    await page.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
    if (beforeConfirm) await beforeConfirm(page);
    await page.getByLabel('New Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm New Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Admin address confirmed').waitFor();
    await signIn();
    if (!(await isAdmin(page))) throw new Error('the confirmed admin address did not make the account admin');
  }
  return page;
}
