import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appUrl } from './support/app';
import { useBrowser } from './support/browser';
import { playerViaApi } from './support/api';

const baseUrl = appUrl();
const browser = useBrowser();

interface OwnedCard {
  id: number;
  userId: number;
  player: { name: string; rarity: string; position: string };
}

async function newTrader(prefix: string): Promise<{ page: Page; username: string }> {
  const { page, username } = await playerViaApi(browser(), baseUrl, prefix);
  return { page, username };
}

const get = async <T>(page: Page, path: string) => (await (await page.request.get(path)).json()) as T;
const balanceOf = async (page: Page) => (await get<{ coins: number }>(page, '/api/user/balance')).coins;
const cardsOf = (page: Page) => get<OwnedCard[]>(page, '/api/user/cards');
/** Card buttons are named by what they show, the player's name first: 'Name, Position, Rarity, …'. */
const labelOf = (card: OwnedCard) => new RegExp(`^${card.player.name}\\s*,`);

describe('trading between two players (two browser contexts)', () => {
  it('A offers a card and 1,000 coins, B sees it within the polling interval, accepts, gets the card and 975 coins', async () => {
    const alice = await newTrader('alice');
    const bob = await newTrader('bob');
    // Bob is already looking at his incoming offers when Alice sends hers.
    await bob.page.goto('/trade');
    await bob.page.getByRole('tab', { name: /Incoming/ }).click();
    await bob.page.getByText('No incoming trade offers').waitFor();

    const [card] = await cardsOf(alice.page);
    await alice.page.goto('/trade');
    await alice.page
      .getByRole('list', { name: 'Your Available Cards' })
      .getByRole('button', { name: labelOf(card!) })
      .first()
      .click();
    await alice.page.getByRole('combobox').click();
    await alice.page.getByPlaceholder('Search users...').fill(bob.username);
    await alice.page.getByRole('option', { name: new RegExp(bob.username) }).click();
    await alice.page.getByLabel('Coin offer').fill('1000');
    await alice.page.getByText('2.5% transaction fee applies to coin transfers').waitFor();
    await alice.page.getByRole('button', { name: 'Send Trade Offer' }).click();
    await alice.page.getByText('Trade offer sent', { exact: true }).waitFor();

    // The incoming list polls every 30 s.
    const incoming = bob.page.getByRole('list', { name: 'Incoming trade offers' });
    await incoming.getByText(card!.player.name).first().waitFor({ timeout: 40_000 });
    await incoming.getByText('975').first().waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    // Accepting asks first and states what moves: the card and the coins after the 2.5% fee.
    const confirm = bob.page.getByRole('alertdialog', { name: `Accept ${alice.username}'s offer?` });
    await confirm.getByText(`${card!.player.name} (${card!.player.rarity}) + 975 coins`).waitFor();
    await confirm.getByRole('button', { name: 'Accept Trade' }).click();
    await bob.page.getByText('Trade accepted', { exact: true }).waitFor();

    await expect.poll(async () => (await cardsOf(bob.page)).some((c) => c.id === card!.id)).toBe(true);
    expect(await balanceOf(bob.page)).toBe(10_975);
    expect(await balanceOf(alice.page)).toBe(9_000);

    for (const trader of [alice, bob]) {
      await trader.page.goto('/trade-history');
      await trader.page.getByRole('tab', { name: 'My Transactions' }).click();
      await trader.page.getByRole('tabpanel').getByText(card!.player.name).first().waitFor();
    }
  }, 120_000);

  it('A lists a wish, B offers a card on it, A accepts: the cards are swapped', async () => {
    const alice = await newTrader('wisher');
    const bob = await newTrader('offerer');
    const [wanted] = await cardsOf(alice.page);
    const [offered] = await cardsOf(bob.page);

    await alice.page.goto('/trade-marketplace');
    await alice.page.getByRole('button', { name: 'List Card for Trade' }).click();
    await alice.page
      .getByRole('dialog')
      .getByRole('button', { name: labelOf(wanted!) })
      .first()
      .click();
    await alice.page.getByRole('button', { name: 'List Card', exact: true }).click();
    await alice.page.getByText('Card listed for trade', { exact: true }).waitFor();
    const wishes = await get<{ id: number; card: { id: number } }[]>(alice.page, '/api/tradewishes');
    const wish = wishes.find((w) => w.card.id === wanted!.id)!;
    expect(wish).toBeDefined();

    await bob.page.goto('/trade-marketplace');
    await bob.page.getByTestId(`wish-${wish.id}`).getByRole('button', { name: 'Make Offer' }).click();
    const dialog = bob.page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Offer Card' }).click();
    await dialog
      .getByRole('list', { name: 'Your available cards' })
      .getByRole('button', { name: labelOf(offered!) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Send Offer' }).click();
    await bob.page.getByText('Offer sent', { exact: true }).waitFor();

    await alice.page.goto('/trade');
    await alice.page.getByRole('tab', { name: /Incoming/ }).click();
    const incoming = alice.page.getByRole('list', { name: 'Incoming trade offers' });
    await incoming.getByText(offered!.player.name).first().waitFor();
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Accept Trade' }).click();
    await alice.page.getByText('Trade accepted', { exact: true }).waitFor();

    await expect.poll(async () => (await cardsOf(alice.page)).some((c) => c.id === offered!.id)).toBe(true);
    expect((await cardsOf(bob.page)).some((c) => c.id === wanted!.id)).toBe(true);
    expect((await cardsOf(alice.page)).some((c) => c.id === wanted!.id)).toBe(false);
  }, 120_000);
});
