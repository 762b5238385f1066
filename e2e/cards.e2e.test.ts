import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { signUpViaApi } from './support/api';
import { signUpNewPlayer } from './support/session';

const baseUrl = appUrl();
const browser = useBrowser();

interface OwnedCard {
  id: number;
  player: { name: string; team: { id: number; name: string } };
}

describe('cards: starter pack, collection, catalog, rosters, favorite team', () => {
  it('reveals the starter pack once and shows the three cards everywhere', async () => {
    const { page } = await signUpNewPlayer(browser(), baseUrl, 'collector');

    await page.getByText('New Starter Pack!', { exact: true }).waitFor();
    await page.getByText('Tap cards to reveal your players').waitFor();
    await page.getByRole('button', { name: 'Skip Reveal' }).click();
    await page.getByRole('button', { name: 'Continue to App' }).click();
    await page.getByText('New Starter Pack!', { exact: true }).waitFor({ state: 'detached' });

    const cards = (await (await page.request.get('/api/user/cards')).json()) as OwnedCard[];
    expect(cards).toHaveLength(3);
    const names = cards.map((c) => c.player.name);

    // The overlay does not come back.
    await page.reload();
    await page.getByText('My Collection').first().waitFor();
    expect(await page.getByText('New Starter Pack!', { exact: true }).count()).toBe(0);

    await page.goto('/collection');
    await page.getByRole('tab', { name: 'Grid View' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Cards' }).getByRole('listitem').count()).toBe(3);
    for (const name of names)
      await page.getByRole('list', { name: 'Cards' }).getByText(name).first().waitFor();

    await page.getByRole('tab', { name: 'List View' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Cards' }).getByRole('listitem').count()).toBe(3);

    await page.getByRole('tab', { name: 'Team View' }).click();
    const team = cards[0]!.player.team.name;
    await page
      .getByRole('button', { name: new RegExp(team) })
      .first()
      .click();
    await page
      .getByRole('list', { name: `${team} players` })
      .getByText(cards[0]!.player.name)
      .first()
      .waitFor();

    await page.goto('/catalog');
    await page.getByText('Collection Progress').waitFor();
    for (const name of names) {
      await page.getByPlaceholder('Search players...').fill(name);
      await page.getByRole('img', { name: 'Owned' }).first().waitFor();
    }

    await page.goto('/teams');
    await page
      .getByRole('list', { name: 'Teams' })
      .getByRole('button', { name: new RegExp(team) })
      .click();
    await page.getByRole('cell', { name: cards[0]!.player.name }).first().waitFor();
  });

  it('saves the favorite team and shows it after a reload', async () => {
    const page = await signUpViaApi(browser(), baseUrl, 'fan');

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('combobox').click();
    await page.getByPlaceholder('Search team...').fill('Seattle');
    await page.getByRole('option', { name: /Seattle Sounders FC/ }).click();
    await page.getByText('Favorite team updated', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('combobox').getByText('Seattle Sounders FC').waitFor();
    const user = (await (await page.request.get('/api/user')).json()) as { favoriteTeamId: number };
    expect(user.favoriteTeamId).toBe(26);
  });
});
