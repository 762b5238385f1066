import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Card, Team } from '@touchline/contract';

import { collection, makeCard, makePlayer, players, teams } from './card-fixtures';
import { cardButtonNames, makeUser, mockFetch, renderApp } from './utils';

function setup(cards: Card[] = collection, teamList: Team[] = teams) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: cards },
    'GET /api/teams/with-player-counts': { body: teamList },
  });
}

/** The player names of the shown cards, in order. */
function shownNames(): string[] {
  const list = screen.getByRole('list', { name: 'Cards' });
  return cardButtonNames(within(list).getAllByRole('button'));
}

async function openGridView() {
  const rendered = renderApp('/collection');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Grid View' }));
  return rendered;
}

describe('My Collection: grid and list', () => {
  it('opens on Team View and offers Grid and List views', async () => {
    setup();
    renderApp('/collection');

    expect(await screen.findByRole('heading', { level: 1, name: 'My Collection' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Team View' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Grid View' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'List View' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search cards...')).toBeInTheDocument();
  });

  it('lists the newest cards first by default', async () => {
    setup();
    await openGridView();

    expect(shownNames()).toEqual([
      'Fabian Herbers',
      'Jordi Alba',
      'Brad Guzan',
      'Lionel Messi',
      'Obinna Nwobodo',
      'Stefan Frei',
    ]);
    const chips = screen.getByRole('group', { name: 'Filter by position' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Forwards', 'Midfielders', 'Defenders', 'Goalkeepers']);
    const sort = screen.getByRole('combobox', { name: 'Sort cards' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest Cards First', 'By Rarity', 'Price: Low to High', 'Price: High to Low']);
  });

  it('searches by player name, position and rarity', async () => {
    setup();
    const { user } = await openGridView();
    const search = screen.getByPlaceholderText('Search cards...');

    await user.type(search, 'messi');
    expect(shownNames()).toEqual(['Lionel Messi']);

    await user.clear(search);
    await user.type(search, 'goalkeeper');
    expect(shownNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    await user.clear(search);
    await user.type(search, 'EPIC');
    expect(shownNames()).toEqual(['Obinna Nwobodo']);
  });

  it('filters by position chip', async () => {
    setup();
    const { user } = await openGridView();

    await user.click(screen.getByRole('button', { name: 'Forwards' }));
    expect(screen.getByRole('button', { name: 'Forwards' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownNames()).toEqual(['Fabian Herbers', 'Lionel Messi']);

    await user.click(screen.getByRole('button', { name: 'Defenders' }));
    expect(shownNames()).toEqual(['Jordi Alba']);

    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    expect(shownNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(shownNames()).toHaveLength(6);
  });

  it('sorts by rarity (Ultra Legendary to Common) and by price both ways', async () => {
    setup();
    const { user } = await openGridView();
    const sort = screen.getByRole('combobox', { name: 'Sort cards' });

    await user.selectOptions(sort, 'By Rarity');
    expect(shownNames()).toEqual([
      'Lionel Messi',
      'Jordi Alba',
      'Obinna Nwobodo',
      'Brad Guzan',
      'Stefan Frei',
      'Fabian Herbers',
    ]);

    await user.selectOptions(sort, 'Price: Low to High');
    expect(shownNames()).toEqual([
      'Fabian Herbers',
      'Stefan Frei',
      'Brad Guzan',
      'Obinna Nwobodo',
      'Jordi Alba',
      'Lionel Messi',
    ]);

    await user.selectOptions(sort, 'Price: High to Low');
    expect(shownNames()).toEqual([
      'Lionel Messi',
      'Jordi Alba',
      'Obinna Nwobodo',
      'Brad Guzan',
      'Stefan Frei',
      'Fabian Herbers',
    ]);

    await user.selectOptions(sort, 'Newest Cards First');
    expect(shownNames()[0]).toBe('Fabian Herbers');
  });

  it('keeps filters and sort in List View', async () => {
    setup();
    const { user } = await openGridView();

    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort cards' }), 'Price: Low to High');
    await user.click(screen.getByRole('tab', { name: 'List View' }));

    expect(shownNames()).toEqual(['Stefan Frei', 'Brad Guzan']);
    expect(screen.getByText('Goalkeeper · Seattle Sounders FC')).toBeInTheDocument();
  });

  it("shows 'No cards match your filters' and clears them", async () => {
    setup();
    const { user } = await openGridView();

    await user.type(screen.getByPlaceholderText('Search cards...'), 'messi');
    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    expect(screen.getByText('No cards match your filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(shownNames()).toHaveLength(6);
    expect(screen.getByPlaceholderText('Search cards...')).toHaveValue('');
  });

  it("shows 'No cards in your collection yet' with a link to the market", async () => {
    setup([]);
    renderApp('/collection');

    expect(await screen.findByText('No cards in your collection yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Market' })).toHaveAttribute('href', '/market');
  });

  it('shows the error text when the cards fail to load', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { status: 503, body: { message: 'Cards service unavailable' } },
    });
    renderApp('/collection');

    expect(await screen.findByText('Cards service unavailable')).toBeInTheDocument();
  });

  it('opens the card detail popup with price change, edition, profit and the trade action', async () => {
    setup();
    const { user, router } = await openGridView();

    await user.click(screen.getByRole('button', { name: /^Lionel Messi,/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByText('+2.5%')).toBeInTheDocument();
    expect(within(dialog).getByText('+2.5%')).toHaveAttribute('data-trend', 'up');
    expect(within(dialog).getAllByText('#3 of 10').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('+3,500 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 3, 2026')).toBeInTheDocument();
    expect(within(dialog).getAllByText('148,500').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Sell Card' })).not.toBeInTheDocument();

    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
    await user.click(within(dialog).getByRole('button', { name: 'Trade Card' }));
    expect(visited).toContain('/trade-marketplace?cardId=103');
    expect(router.state.location.pathname).toBe('/trade-marketplace');
    // The marketplace opens 'List Card for Trade' with the card preselected and clears the query string.
    const listDialog = await screen.findByRole('dialog', { name: 'List Card for Trade' });
    expect(within(listDialog).getByRole('button', { name: /^Lionel Messi,/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.search).toBe('');
  });

  it('shows a falling price in red', async () => {
    setup();
    const { user } = await openGridView();

    await user.click(screen.getByRole('button', { name: /^Jordi Alba,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Jordi Alba' });
    expect(within(dialog).getByText('-1.3%')).toHaveAttribute('data-trend', 'down');
    expect(within(dialog).getByText('-800 coins')).toBeInTheDocument();
  });
});

/** `owned` distinct players of a team, as cards (ids from `firstId`). */
function teamCards(teamId: number, owned: number, firstId: number): Card[] {
  return Array.from({ length: owned }, (_, index) =>
    makeCard({
      id: firstId + index,
      player: makePlayer({
        id: teamId * 100 + index,
        name: `${teams.find((t) => t.id === teamId)!.shortName} Squad ${index + 1}`,
        teamId,
        position: (['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const)[index % 4]!,
        rarity: 'Common',
        price: 200 + index,
      }),
      acquiredAt: '2026-02-01T12:00:00.000Z',
    }),
  );
}

describe('My Collection: Team View', () => {
  const boundaryTeams = teams.map((team) => {
    const sizes: Record<number, number> = { 1: 31, 2: 30, 3: 27, 4: 30 };
    return sizes[team.id] ? { ...team, playerCount: sizes[team.id]! } : team;
  });
  const boundaryCards = [
    ...teamCards(1, 9, 1000), // 9/31 = 29%
    ...teamCards(2, 9, 2000), // 9/30 = 30%
    ...teamCards(3, 16, 3000), // 16/27 = 59%
    ...teamCards(4, 18, 4000), // 18/30 = 60%
  ];

  it('lists all 30 teams by name with players owned / roster, cards, percent and a coloured bar', async () => {
    setup(boundaryCards, boundaryTeams);
    renderApp('/collection');

    const section = await screen.findByRole('region', { name: 'Teams' });
    const headers = within(section).getAllByRole('button', { expanded: false });
    expect(headers).toHaveLength(30);
    const sortedNames = [...teams].map((t) => t.name).sort((a, b) => a.localeCompare(b));
    expect(headers.map((header) => header.textContent)).toEqual(
      sortedNames.map((name) => expect.stringContaining(name) as unknown as string),
    );

    const atlanta = screen.getByTestId('team-1');
    expect(within(atlanta).getByText('9/31 players')).toBeInTheDocument();
    expect(within(atlanta).getByText('9 cards')).toBeInTheDocument();
    expect(within(atlanta).getByText('29%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Atlanta United FC completion' })).toHaveAttribute(
      'data-tone',
      'red',
    );

    expect(within(screen.getByTestId('team-2')).getByText('30%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Austin FC completion' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );

    expect(within(screen.getByTestId('team-3')).getByText('59%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'CF Montréal completion' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );

    expect(within(screen.getByTestId('team-4')).getByText('60%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Charlotte FC completion' })).toHaveAttribute(
      'data-tone',
      'green',
    );

    const seattle = screen.getByTestId('team-26');
    expect(within(seattle).getByText('0%')).toBeInTheDocument();
    expect(
      within(seattle).getByText(`0/${teams.find((t) => t.id === 26)!.playerCount} players`),
    ).toBeInTheDocument();
  });

  it('shows the summary and the owned players with a count multiplier', async () => {
    const duplicate = makeCard({
      id: 99,
      player: players.messi,
      editionNumber: 7,
      acquiredAt: '2026-03-08T12:00:00.000Z',
    });
    setup([duplicate, ...collection]);
    const { user } = renderApp('/collection');

    const summary = await screen.findByText('Most Collected Team');
    const tiles = summary.closest('dl')!;
    expect(within(tiles).getByText('Total Cards').nextSibling).toHaveTextContent('7');
    expect(within(tiles).getByText('Unique Players').nextSibling).toHaveTextContent('6');
    expect(within(tiles).getByText('Inter Miami CF')).toBeInTheDocument();
    expect(within(tiles).getByText('Collection Value').nextSibling).toHaveTextContent('347,980');

    const miami = await screen.findByTestId('team-12');
    expect(
      within(miami).getByText(`2/${teams.find((t) => t.id === 12)!.playerCount} players`),
    ).toBeInTheDocument();
    expect(within(miami).getByText('3 cards')).toBeInTheDocument();

    await user.click(within(miami).getByRole('button', { name: /Inter Miami CF/ }));
    const owned = within(miami).getByRole('list', { name: 'Inter Miami CF players' });
    expect(within(owned).getByText('×2')).toBeInTheDocument();
    expect(within(owned).getByText('×1')).toBeInTheDocument();

    await user.click(within(owned).getByRole('button', { name: /^Lionel Messi,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getAllByText('#7 of 10').length).toBeGreaterThan(0);
  });

  it('narrows the teams to those with matching players while searching', async () => {
    setup();
    const { user } = renderApp('/collection');

    await screen.findByTestId('team-12');
    await user.type(screen.getByPlaceholderText('Search cards...'), 'alba');

    await waitFor(() => expect(screen.queryByTestId('team-1')).not.toBeInTheDocument());
    const miami = screen.getByTestId('team-12');
    expect(within(miami).getByRole('button', { name: /^Jordi Alba,/ })).toBeInTheDocument();
    expect(within(miami).queryByRole('button', { name: /^Lionel Messi,/ })).not.toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search cards...'));
    await user.type(screen.getByPlaceholderText('Search cards...'), 'nobody');
    expect(screen.getByText('No cards match your filters')).toBeInTheDocument();
  });
});
