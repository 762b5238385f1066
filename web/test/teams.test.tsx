import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePlayer, players, teams } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const miamiRoster = [
  players.messi,
  makePlayer({
    id: 3,
    name: 'Rodrigo de Paul',
    teamId: 12,
    position: 'Midfielder',
    detailedPosition: 'CM',
    rarity: 'Ultra Legendary',
    price: 121_000,
  }),
  players.alba,
  makePlayer({
    id: 164,
    name: 'Telasco Segovia',
    teamId: 12,
    position: 'Midfielder',
    detailedPosition: 'CAM',
    rarity: 'Epic',
    price: 5_600,
  }),
  makePlayer({
    id: 290,
    name: 'Maximiliano Falcón',
    teamId: 12,
    position: 'Defender',
    detailedPosition: 'CB',
    rarity: 'Rare',
    price: 1_420,
  }),
  makePlayer({
    id: 401,
    name: 'Óscar Ustari',
    teamId: 12,
    position: 'Goalkeeper',
    detailedPosition: 'GK',
    rarity: 'Rare',
    price: 980,
  }),
  makePlayer({
    id: 612,
    name: 'Noah Allen',
    teamId: 12,
    position: 'Defender',
    detailedPosition: 'LB',
    rarity: 'Common',
    price: 310,
  }),
];

function setup() {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/teams/with-player-counts': { body: teams },
    'GET /api/teams/12/players': { body: miamiRoster },
    'GET /api/teams/99/players': { status: 404, body: { message: 'Team not found' } },
  });
}

describe('MLS Team Rosters', () => {
  it('shows the 30 teams, a roster with its distributions and table, and goes back', async () => {
    setup();
    const { user, router } = renderApp('/teams');

    expect(await screen.findByRole('heading', { level: 1, name: 'MLS Team Rosters' })).toBeInTheDocument();
    expect(screen.getByText(/complete rosters for all 30 MLS teams/i)).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Teams' });
    expect(within(grid).getAllByRole('button')).toHaveLength(30);

    await user.click(within(grid).getByRole('button', { name: /Inter Miami CF/ }));
    expect(router.state.location.search).toBe('?team=12');

    expect(await screen.findByText('7 players')).toBeInTheDocument();
    const positions = screen.getByRole('region', { name: 'Position distribution' });
    expect(within(positions).getByText('Goalkeepers').nextSibling).toHaveTextContent('1');
    expect(within(positions).getByText('Defenders').nextSibling).toHaveTextContent('3');
    expect(within(positions).getByText('Midfielders').nextSibling).toHaveTextContent('2');
    expect(within(positions).getByText('Forwards').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Legendary').nextSibling?.nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Ultra Legendary').nextSibling?.nextSibling).toHaveTextContent('2');

    let table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Position', 'Rarity', 'Base Price', 'Current Price']);
    expect(within(table).getAllByRole('row')).toHaveLength(8);

    const tabs = screen.getByRole('tablist', { name: 'Filter roster by position' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All', 'GK', 'DEF', 'MID', 'FWD']);
    // Each tab owns its panel (aria-controls points at it), which holds the filtered table.
    const all = within(tabs).getByRole('tab', { name: 'All' });
    expect(document.getElementById(all.getAttribute('aria-controls')!)).toBe(screen.getByRole('tabpanel'));
    await user.click(within(tabs).getByRole('tab', { name: 'DEF' }));
    const panel = screen.getByRole('tabpanel', { name: 'DEF' });
    expect(panel.id).toBe(within(tabs).getByRole('tab', { name: 'DEF' }).getAttribute('aria-controls'));
    table = within(panel).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual([
      'Jordi Alba',
      'Maximiliano Falcón',
      'Noah Allen',
    ]);

    await user.click(screen.getByRole('button', { name: 'All Teams' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('list', { name: 'Teams' })).toBeInTheDocument();
  });

  it('shows the error text of a missing team', async () => {
    setup();
    renderApp('/teams?team=99');

    expect(await screen.findByText('Team not found')).toBeInTheDocument();
  });
});
