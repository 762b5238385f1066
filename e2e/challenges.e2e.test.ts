import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signInAdmin } from './support/admin';
import { apiJson, signUpViaApi } from './support/api';
import { appUrl } from './support/app';
import { axeCounts, describeFindings } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';

/**
 * Issue 44's squad challenges in a real browser: an admin creates a challenge on /admin/challenges
 * (phone width), a player finds it on /challenges, builds the squad at desktop width, confirms, sees
 * the reward moment, and the cards are gone and the coins in, once.
 */
const baseUrl = appUrl();
const browser = useBrowser();

interface Balance {
  coins: number;
}

describe('squad challenges', () => {
  it('an admin creates a challenge; a player completes it, the cards gone and the reward in', async () => {
    const title = `Any two ${randomUUID().slice(0, 6)}`;
    const admin = await signInAdmin(browser(), baseUrl);
    await admin.goto('/admin/challenges');
    const form = admin.getByRole('form', { name: 'New challenge' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Number of cards').fill('2');
    await form.getByLabel('Reward (coins)').fill('1234');
    await form.getByRole('button', { name: 'Create challenge' }).click();
    await admin
      .getByRole('status')
      .filter({ hasText: `Challenge “${title}” created.` })
      .waitFor();
    await admin.getByRole('list', { name: 'All challenges' }).getByText(title).waitFor();

    const player = await signUpViaApi(browser(), baseUrl, 'challenger', DESKTOP);
    const before = await apiJson<Balance>(player, 'get', '/api/user/balance');
    const cardsBefore = await apiJson<{ id: number }[]>(player, 'get', '/api/user/cards');
    await player.goto('/');
    await player
      .getByRole('navigation', { name: 'Shortcuts' })
      .getByRole('link', { name: 'Challenges' })
      .click();
    await player.getByRole('heading', { level: 1, name: 'Squad Challenges' }).waitFor();
    await player.getByRole('link', { name: title }).click();
    await player.getByRole('heading', { level: 1, name: title }).waitFor();

    const boxes = player.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await player.getByText('Chosen: 2 of 2').waitFor();
    const axe = await axeCounts(player);
    expect(axe.serious + axe.critical, describeFindings(axe)).toBe(0);
    await player.getByRole('button', { name: 'Submit squad' }).click();
    const dialog = player.getByRole('alertdialog', { name: 'Give up these cards?' });
    await dialog.getByRole('button', { name: 'Submit squad' }).click();
    const done = player.getByRole('status', { name: 'Challenge complete' });
    await done.waitFor();
    await done.getByText('1,234').waitFor();

    const after = await apiJson<Balance>(player, 'get', '/api/user/balance');
    expect(after.coins).toBe(before.coins + 1234);
    const cardsAfter = await apiJson<{ id: number }[]>(player, 'get', '/api/user/cards');
    expect(cardsAfter).toHaveLength(cardsBefore.length - 2);

    // Once: the list says it is done, and a second squad is refused.
    await player.setViewportSize(PHONE);
    await player.goto('/challenges');
    // Chromium may put a space before the hidden ', completed' (an absolutely placed span).
    await player.getByRole('link', { name: new RegExp(`^${title}\\s*, completed$`) }).waitFor();
    const res = await player.request.post(`/api/challenges/${await idOf(player, title)}/submissions`, {
      data: { cardIds: [cardsAfter[0]!.id] },
    });
    expect(res.status()).toBe(409);
  });
});

async function idOf(page: Parameters<typeof apiJson>[0], title: string): Promise<number> {
  const { items } = await apiJson<{ items: { id: number; title: string }[] }>(page, 'get', '/api/challenges');
  return items.find((c) => c.title === title)!.id;
}
