import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * One browser for the calling test file: launched before its tests, closed after them, and after the
 * file's own afterAll hooks (Vitest runs those in reverse order, so call this before registering
 * any). The answer is a getter because the browser exists only once the beforeAll has run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser)
      throw new Error('useBrowser: the browser is launched in beforeAll, read it in a hook or a test');
    return browser;
  };
}

const momentHandlers = new WeakMap<Page, Locator>();

/**
 * A badge earned or a mission completed takes the whole screen (issue 43) whenever the live stream
 * brings it: on the pages of tests about something else, Playwright dismisses each one before an
 * action it would cover ('Continue' until none is left). `keepMoments` turns it off for a test that
 * looks at them.
 */
export async function dismissMomentsAutomatically(page: Page): Promise<void> {
  const moment = page.getByTestId('moment');
  momentHandlers.set(page, moment);
  await page.addLocatorHandler(
    moment,
    async () => {
      // Escape closes the topmost layer, which the moment is; it needs no target to land on.
      for (let shown = 0; shown < 20 && (await moment.isVisible()); shown++)
        await page.keyboard.press('Escape');
    },
    { noWaitAfter: true },
  );
}

export async function keepMoments(page: Page): Promise<void> {
  const moment = momentHandlers.get(page);
  if (moment) await page.removeLocatorHandler(moment);
  momentHandlers.delete(page);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A phone-sized page: the app is built for mobile width. */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return viewportContext(browser, baseURL, PHONE);
}

/** A context at `viewport` whose pages dismiss reward moments (dismissMomentsAutomatically). */
export async function viewportContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await dismissMomentsAutomatically(page);
    return page;
  };
  return context;
}

let counter = 0;
/** A fresh e-mail address per call, unique across runs. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}
