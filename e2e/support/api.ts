import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, uniqueEmail, viewportContext } from './browser';

/**
 * A read sent again when its connection was reset before an answer: a browser resends an
 * idempotent request whose reused connection the server reset, Playwright's request context only
 * when told (a CI run's auctions test lost a balance read to one ECONNRESET).
 */
export const READ_RETRIES = { maxRetries: 2 };

/** Calls the app's API with the page's session; fails on any answer but 2xx, with its body. */
export async function apiJson<T>(
  page: Page,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const res =
    method === 'get' ? await page.request.get(path, READ_RETRIES) : await page.request.post(path, { data });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * A new player signed up through the API (quicker than the form, which auth.e2e.test.ts and the
 * starter-pack tests go through), with the starter pack revealed, on a page at `viewport` (a phone's
 * by default) at no address yet.
 */
export async function signUpViaApi(
  browser: Browser,
  baseUrl: string,
  prefix: string,
  viewport = PHONE,
): Promise<Page> {
  return (await playerViaApi(browser, baseUrl, prefix, viewport)).page;
}

/** signUpViaApi's player with the e-mail it signed up with and the username the server made. */
export async function playerViaApi(
  browser: Browser,
  baseUrl: string,
  prefix: string,
  viewport = PHONE,
): Promise<{ page: Page; email: string; username: string }> {
  const page = await (await viewportContext(browser, baseUrl, viewport)).newPage();
  const email = uniqueEmail(prefix);
  const credentials = { data: { email, password: 'e2e-password-1' } };
  const registered = await page.request.post('/api/register', credentials);
  // On a loaded machine sign-up (scrypt) can answer 504 and still create the account: sign in then.
  if (registered.status() !== 201)
    await until(
      `${email} signed in after sign-up answered ${registered.status()}`,
      async () => (await page.request.post('/api/login', credentials)).status(),
      (status) => status === 200,
      60_000,
      1_000,
    );
  await until(
    `${email}'s starter cards`,
    async () => (await apiJson<unknown[]>(page, 'get', '/api/user/cards')).length,
    (count) => count > 0,
    30_000,
  );
  await apiJson(page, 'post', '/api/user/starter-pack/revealed', {});
  const { username } = await apiJson<{ username: string }>(page, 'get', '/api/user');
  return { page, email, username };
}

/**
 * Asks `ask` until `done` holds of its answer, or fails after `timeoutMs` with the last answer. Not
 * expect.poll, which only runs inside a test: a file's players may be made in its beforeAll.
 */
async function until<T>(
  what: string,
  ask: () => Promise<T>,
  done: (answer: T) => boolean,
  timeoutMs: number,
  intervalMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await ask();
    if (done(answer)) return answer;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(answer)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A test-mode purchase of the Rare Roll (50,000 coins) through the calls the card form makes. */
export async function buyRareRoll(page: Page): Promise<void> {
  const intent = await apiJson<{ paymentIntentId: string }>(page, 'post', '/api/create-payment-intent', {
    amount: 20,
    packageId: 'rare-roll',
  });
  await apiJson(page, 'post', `/api/test-payments/${intent.paymentIntentId}/confirm`, {
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2034,
    cvc: '123',
  });
  await apiJson(page, 'post', '/api/payment/success', { paymentIntentId: intent.paymentIntentId });
}
