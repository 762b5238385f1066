import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser, phoneContext, uniqueEmail } from './support/browser';
import { resetLinkFor } from './support/mailbox';

const baseUrl = appUrl();
const browser = useBrowser();

async function newPage(): Promise<Page> {
  const context = await phoneContext(browser(), baseUrl);
  return context.newPage();
}

async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Registers through the API from outside the browser, so the page starts signed out. */
async function registerViaApi(email: string, password: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(201);
}

describe('signing up, in and out', () => {
  it('signs up, lands on home, stays signed in across a reload, and signs out to /auth', async () => {
    const page = await newPage();
    const email = uniqueEmail('newbie');
    await page.goto('/');
    await page.waitForURL('**/auth');

    await signUp(page, email, 'first-season-1');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Skip Reveal' }).click();
    // The registration toast waits until the reveal closes (issue 31).
    expect(await page.getByText('Registration successful', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Continue to App' }).click();
    await expect
      .poll(() => page.getByText('Registration successful', { exact: true }).isVisible())
      .toBe(true);
    // A brand-new account is welcomed, not welcomed back (it has not signed in since signing up).
    const greeting = `Welcome, ${email.split('@')[0]}`;
    await page.getByText(greeting).waitFor();

    await page.reload();
    await page.getByText(greeting).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Logged out', { exact: true }).waitFor();

    await page.goto('/');
    await page.waitForURL('**/auth');
  });

  it('refuses mismatched passwords at sign-up without sending anything', async () => {
    const page = await newPage();
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) registerCalls += 1;
    });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('typo'));
    await page.getByLabel('Password', { exact: true }).fill('one-password');
    await page.getByLabel('Confirm Password').fill('another-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    expect(registerCalls).toBe(0);
  });

  it("shows 'Login failed' for a wrong password", async () => {
    const email = uniqueEmail('forgetful');
    await registerViaApi(email, 'right-password-1');
    const page = await newPage();
    await page.goto('/auth');
    await logIn(page, email, 'wrong-password-1');
    await page.getByText('Login failed', { exact: true }).waitFor();
    // The spec's '{status}: {text}' stays inside the API client: a person reads the text alone.
    // Said under the fields too (issue 43): the first of the two is enough here.
    await page.getByText('Invalid email or password', { exact: true }).first().waitFor();
    expect(await page.getByText(/\b401:/).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('resets a forgotten password through the e-mailed link; the old password stops working', async () => {
    const email = uniqueEmail('reset');
    await registerViaApi(email, 'old-password-1');
    const page = await newPage();
    await page.goto('/auth');

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Email Required', { exact: true }).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Check your e-mail', { exact: true }).waitFor();

    await page.goto(await resetLinkFor(baseUrl, email));
    await page.getByText('Set a new password').first().waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm New Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('Password updated', { exact: true }).waitFor();

    await logIn(page, email, 'old-password-1');
    await page.getByText('Login failed', { exact: true }).waitFor();

    await logIn(page, email, 'new-password-2');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Login successful', { exact: true }).waitFor();
  });

  it('shows the 404 screen for paths the app does not have', async () => {
    const page = await newPage();
    await signUp(page, uniqueEmail('explorer'), 'explorer-pass-1');
    await page.waitForURL(`${baseUrl}/`);
    for (const path of ['/no-such-page', '/market/no-such-screen']) {
      await page.goto(path);
      await page.getByText('404 Page Not Found', { exact: true }).waitFor();
    }
  });
});
