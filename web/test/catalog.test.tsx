import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CatalogEntry } from '@/features/cards/types';

import { catalogEntry, makePlayer, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const entries: CatalogEntry[] = [
  catalogEntry(players.messi, 2),
  catalogEntry(players.alba, 1),
  catalogEntry(players.nwobodo),
  catalogEntry(players.guzan),
  catalogEntry(players.herbers),
  catalogEntry(players.frei),
];

function setup(body: CatalogEntry[] = entries) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/player-catalog': { body },
  });
}

function rowNames(): string[] {
  const list = screen.getByRole('list', { name: 'Players' });
  return within(list)
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label')!);
}

describe('Player Catalog', () => {
  it('shows the collection progress and every player with owned marks and counts', async () => {
    setup();
    renderApp('/catalog');

    expect(await screen.findByRole('heading', { level: 1, name: 'Player Catalog' })).toBeInTheDocument();
    expect(await screen.findByText('Collection Progress')).toBeInTheDocument();
    expect(screen.getByText('2 / 6 players collected')).toBeInTheDocument();
    expect(screen.getByText('33.3%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Collection Progress' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );

    expect(rowNames()).toEqual([
      'Lionel Messi',
      'Jordi Alba',
      'Obinna Nwobodo',
      'Brad Guzan',
      'Fabian Herbers',
      'Stefan Frei',
    ]);
    const messi = screen.getByRole('listitem', { name: 'Lionel Messi' });
    expect(within(messi).getByRole('img', { name: 'Owned' })).toBeInTheDocument();
    expect(within(messi).getByText('×2')).toBeInTheDocument();
    expect(within(messi).getByText('Forward')).toBeInTheDocument();
    expect(within(messi).getByText('Inter Miami CF')).toBeInTheDocument();
    expect(within(messi).getByText('148,500')).toBeInTheDocument();
    const guzan = screen.getByRole('listitem', { name: 'Brad Guzan' });
    expect(within(guzan).getByRole('img', { name: 'Not owned' })).toBeInTheDocument();
    expect(within(guzan).queryByText(/×/)).not.toBeInTheDocument();
  });

  it('filters by search, team, position and rarity', async () => {
    setup();
    const { user } = renderApp('/catalog');
    const search = await screen.findByPlaceholderText('Search players...');

    await user.type(search, 'fre');
    expect(rowNames()).toEqual(['Stefan Frei']);
    await user.clear(search);

    const team = screen.getByRole('combobox', { name: 'Filter by team' });
    expect(within(team).getAllByRole('option')[0]).toHaveTextContent('All Teams');
    await user.selectOptions(team, 'Inter Miami CF');
    expect(rowNames()).toEqual(['Lionel Messi', 'Jordi Alba']);
    await user.selectOptions(team, 'All Teams');

    const positions = screen.getByRole('tablist', { name: 'Filter by position' });
    expect(
      within(positions)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Forwards', 'Midfielders', 'Defenders', 'Goalkeepers']);
    await user.click(within(positions).getByRole('tab', { name: 'Goalkeepers' }));
    expect(rowNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    const rarities = screen.getByRole('tablist', { name: 'Filter by rarity' });
    expect(
      within(rarities)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary']);
    await user.click(within(rarities).getByRole('tab', { name: 'Rare' }));
    expect(rowNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    await user.click(within(positions).getByRole('tab', { name: 'All' }));
    await user.click(within(rarities).getByRole('tab', { name: 'Ultra Legendary' }));
    expect(rowNames()).toEqual(['Lionel Messi']);
  });

  it("shows 'No players found matching your filters.' when nothing matches", async () => {
    setup();
    const { user } = renderApp('/catalog');

    await user.type(await screen.findByPlaceholderText('Search players...'), 'messi');
    const rarities = screen.getByRole('tablist', { name: 'Filter by rarity' });
    await user.click(within(rarities).getByRole('tab', { name: 'Common' }));

    expect(screen.getByText('No players found matching your filters.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Players' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(rowNames()).toHaveLength(6);
  });

  it('renders the first 100 players and more on request', async () => {
    const many = Array.from({ length: 250 }, (_, index) =>
      catalogEntry(
        makePlayer({
          id: 1000 + index,
          name: `Academy Prospect ${index + 1}`,
          teamId: (index % 30) + 1,
          position: 'Midfielder',
          rarity: 'Common',
          price: 100 + index,
        }),
      ),
    );
    setup(many);
    const { user } = renderApp('/catalog');

    await screen.findByRole('list', { name: 'Players' });
    expect(rowNames()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show more (150 left)' }));
    expect(rowNames()).toHaveLength(200);
    await user.click(screen.getByRole('button', { name: 'Show more (50 left)' }));
    expect(rowNames()).toHaveLength(250);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('shows the error text when the catalog fails to load', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/player-catalog': { status: 500, body: { error: 'Catalog unavailable' } },
    });
    renderApp('/catalog');

    expect(await screen.findByText('500: Catalog unavailable')).toBeInTheDocument();
  });
});
