import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { axeCounts, describeFindings } from './support/axe';
import { useBrowser } from './support/browser';
import { shot } from './support/shot';
import { signUpNewPlayer } from './support/session';

/**
 * Issue 31, items 1-3 in Chromium at 390×844: every card of a collection screen is drawn (figure,
 * number, crest), Epic and above carry a foil that moves with the pointer and the scroll, Legendary
 * and Ultra Legendary shine; under `prefers-reduced-motion: reduce` no animation runs at all on the
 * collection or the catalog, and axe finds nothing serious or critical there. Issue 43, item 10: each
 * rarity has its own frame and ground, and both read at a catalog thumbnail's size.
 */

const baseUrl = appUrl();
const browser = useBrowser();
let player: Page;

interface MarketItem {
  id: number;
  userId: number;
}

async function buyCheapest(page: Page, rarity: string, count: number): Promise<void> {
  const items = (await (
    await page.request.get(`/api/market?rarity=${encodeURIComponent(rarity)}&sort=price_asc`)
  ).json()) as MarketItem[];
  for (const item of items.filter((i) => i.userId === 0).slice(0, count)) {
    // No expected price: the market's prices tick while the test buys, and what it pays is no matter.
    const res = await page.request.post(`/api/market/buy/${item.id}`, {
      data: {},
      headers: { 'Idempotency-Key': `finish-${item.id}-${Date.now()}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** What runs on the page: each animation's name (CSS animations) or kind, and its timeline. */
const RUNNING = `document.getAnimations().map((a) => ({
  name: a.animationName || a.transitionProperty || a.constructor.name,
  scroll: a.timeline !== document.timeline,
}))`;

/** Elements (and their ::before/::after) whose computed animation is not 'none'. */
const ANIMATED_ELEMENTS = `Array.from(document.querySelectorAll('*')).flatMap((e) =>
  [null, '::before', '::after']
    .filter((pseudo) => getComputedStyle(e, pseudo).animationName !== 'none')
    .map((pseudo) => (e.getAttribute('class') || e.tagName) + (pseudo || '')))`;

/** Each card face's figure pose, shirt number and whether it shows a crest. */
const DRAWN = `Array.from(document.querySelectorAll('[data-rarity]')).map((face) => {
  const figure = face.querySelector('svg[data-pose]');
  return {
    pose: figure?.getAttribute('data-pose'),
    number: figure?.textContent,
    crest: face.querySelector('svg[data-crest]') !== null,
  };
})`;

/** The computed value of a style property of the first element matching a selector. */
const styleOf = (page: Page, selector: string, property: string) =>
  page.evaluate(
    `getComputedStyle(document.querySelector(${JSON.stringify(selector)}))[${JSON.stringify(property)}]`,
  ) as Promise<string>;

async function openCollection(page: Page): Promise<void> {
  await page.goto('/collection');
  await page.getByRole('tab', { name: 'Grid View' }).click();
  await page.getByRole('list', { name: 'Cards' }).waitFor();
  await page.locator('[data-finish="foil"]').first().waitFor();
}

async function openUltraLegendaryCatalog(page: Page): Promise<void> {
  await page.goto('/catalog');
  await page.getByRole('button', { name: 'Ultra Legendary', exact: true }).click();
  await page.locator('[data-finish="prism"]').first().waitFor();
}

describe('card art and rarity finishes', () => {
  let context: BrowserContext;

  it('draws every card of a collection, and the foils and shines move', async () => {
    const signedUp = await signUpNewPlayer(browser(), baseUrl, 'finish');
    player = signedUp.page;
    context = player.context();
    const skip = player.getByRole('button', { name: 'Skip Reveal' });
    await skip.waitFor();
    await skip.click({ timeout: 10_000 }).catch(() => undefined); // it may reveal by itself first
    await player.getByRole('button', { name: 'Continue to App' }).click();
    await buyCheapest(player, 'Epic', 1);
    await buyCheapest(player, 'Common', 4);

    await openCollection(player);
    const drawn = (await player.evaluate(DRAWN)) as { pose?: string; number?: string; crest: boolean }[];
    expect(drawn.length).toBeGreaterThanOrEqual(8);
    for (const card of drawn) {
      expect(card.pose).toBeTruthy();
      expect(card.number).toMatch(/^\d+$/);
      expect(card.crest).toBe(true);
    }

    // The Epic's foil follows the scroll (a view timeline) and, with the card, the pointer.
    const running = (await player.evaluate(RUNNING)) as { name: string; scroll: boolean }[];
    expect(running).toContainEqual({ name: 'foil-drift', scroll: true });
    const epic = player.locator('[data-finish="foil"]').first();
    await epic.scrollIntoViewIfNeeded();
    const still = await styleOf(player, '[data-finish="foil"]', 'transform');
    const box = (await epic.boundingBox())!;
    await player.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2);
    await expect.poll(() => styleOf(player, '[data-finish="foil"]', 'transform')).not.toBe(still);

    await openUltraLegendaryCatalog(player);
    const names = ((await player.evaluate(RUNNING)) as { name: string }[]).map((a) => a.name);
    expect(names).toContain('shine-sweep');
    expect(names).toContain('holo-shift');
  });

  it('gives each rarity its own frame and ground, readable on a 44-px catalog thumbnail', async () => {
    const rims: Record<string, string> = {
      Rare: 'rgba(59, 130, 246',
      Epic: 'rgba(168, 85, 247',
      Legendary: 'rgba(245, 158, 11',
      'Ultra Legendary': 'rgba(244, 114, 182',
    };
    const frames = new Set<string>();
    await player.goto('/catalog');
    for (const rarity of ['Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary']) {
      await player.getByRole('button', { name: rarity, exact: true }).click();
      const face = `ul [data-rarity="${rarity}"]`;
      await player.locator(face).first().waitFor();
      const look = (await player.evaluate(
        `(() => {
          const face = document.querySelector(${JSON.stringify(face)});
          const frame = face.firstElementChild;
          const ground = face.querySelector('[data-ground]');
          return {
            width: face.getBoundingClientRect().width,
            rim: parseFloat(getComputedStyle(frame).paddingLeft),
            frame: getComputedStyle(frame).backgroundImage,
            ground: ground ? getComputedStyle(ground).boxShadow : 'none',
          };
        })()`,
      )) as { width: number; rim: number; frame: string; ground: string };
      expect(look.width, rarity).toBeLessThanOrEqual(48);
      // The frame is a band of its own at this size, not a hairline.
      expect(look.rim, rarity).toBeGreaterThanOrEqual(2.5);
      frames.add(look.frame);
      await shot(player, `catalog-${rarity.replace(' ', '-')}`);
      if (rarity === 'Common') expect(look.ground, 'Common is plain').toBe('none');
      else expect(look.ground, rarity).toContain(rims[rarity]);
    }
    expect(frames.size, 'five different frames').toBe(5);
  });

  it('stops every animation under prefers-reduced-motion, keeps the finishes, and axe finds nothing', async () => {
    const reduced = await browser().newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
      storageState: await context.storageState(),
    });
    const page = await reduced.newPage();
    const failures: string[] = [];
    for (const [screen, open] of [
      ['/collection', openCollection],
      ['/catalog Ultra Legendary', openUltraLegendaryCatalog],
    ] as const) {
      await open(page);
      expect(await page.evaluate(RUNNING), screen).toEqual([]);
      expect(await page.evaluate(ANIMATED_ELEMENTS), screen).toEqual([]);
      // The foil is still there, it just does not move (the catalog's rows are thumbnails: no foil).
      if (screen === '/collection') {
        expect(await styleOf(page, '.card-foil', 'backgroundImage')).not.toBe('none');
        const face = page.locator('.card-tilt').first();
        await face.scrollIntoViewIfNeeded();
        const box = (await face.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2);
        await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9);
        expect(await styleOf(page, '.card-tilt', 'transform'), screen).toBe('none');
        expect(await page.evaluate(RUNNING), `${screen} after the pointer moved`).toEqual([]);
      }

      const counts = await axeCounts(page);
      if (counts.serious + counts.critical > 0) failures.push(`${screen}: ${describeFindings(counts)}`);
    }
    await reduced.close();
    expect(failures.join('\n\n')).toBe('');
  });
});
