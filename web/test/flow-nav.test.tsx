import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MissionLists } from '@touchline/contract';

import { catalogEntry, players, teams } from './card-fixtures';
import { makeMission } from './mission-fixtures';
import { makeOffer } from './trade-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const missions: MissionLists = {
  daily: [
    makeMission({ id: 1, progress: 1, target: 1 }),
    makeMission({ id: 2, progress: 1, target: 1, claimed: true }),
    makeMission({ id: 3, progress: 1, target: 5 }),
  ],
  weekly: [makeMission({ id: 4, period: 'weekly', progress: 10, target: 10 })],
};

function setup() {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/missions': { body: missions },
    'GET /api/trades/incoming': { body: [makeOffer({ id: 1 }), makeOffer({ id: 2 }), makeOffer({ id: 3 })] },
    'GET /api/player-catalog': { body: [catalogEntry(players.messi, 2), catalogEntry(players.frei)] },
    'GET /api/teams': { body: teams },
  });
}

describe('ways in', () => {
  it('gives home a shortcut row to the screens the tabs leave out, with the counts that wait', async () => {
    setup();
    renderApp('/');

    const row = await screen.findByRole('navigation', { name: 'Shortcuts' });
    expect(await within(row).findByRole('link', { name: 'Trade Center, 3 pending' })).toHaveAttribute(
      'href',
      '/trade',
    );
    expect(await within(row).findByRole('link', { name: 'Missions, 2 to claim' })).toHaveAttribute(
      'href',
      '/missions',
    );
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/trade',
      '/trade-marketplace',
      '/missions',
      '/leaderboard',
      '/teams',
      '/watchlist',
      '/auctions',
      '/matchday',
      '/challenges',
    ]);
    // Still the six tabs of the spec.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')).toHaveLength(6);
  });

  it("links the catalog's chosen team to its roster", async () => {
    setup();
    const { user } = renderApp('/catalog');

    await screen.findByRole('list', { name: 'Players' });
    expect(screen.queryByRole('link', { name: /roster/ })).not.toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by team' }),
      String(players.messi.team.id),
    );
    expect(
      await screen.findByRole('link', { name: `View ${players.messi.team.name} roster` }),
    ).toHaveAttribute('href', `/teams?team=${players.messi.team.id}`);
  });
});

describe('focus', () => {
  it("moves to the new page's heading after a page change", async () => {
    setup();
    const { user } = renderApp('/');

    await screen.findByRole('navigation', { name: 'Shortcuts' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Catalog' }),
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Player Catalog' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('opens the card popup from a catalog row and gives the focus back to that row when it closes', async () => {
    setup();
    const { user } = renderApp('/catalog');

    const row = within(await screen.findByRole('listitem', { name: 'Lionel Messi' })).getByRole('button');
    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByText('Current Price')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(row).toHaveFocus());
  });
});
