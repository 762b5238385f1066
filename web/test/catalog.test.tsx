import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CatalogEntry } from '@touchline/contract';

import { catalogEntry, makePlayer, players, teams } from './card-fixtures';
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

/** jsdom has no layout: the page's scroll position is set by hand, then a scroll event tells the list. */
function scrollPageTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

/** `count` Common midfielders 'Academy Prospect 001'…, of the 30 teams in turn, priced 100 up. */
const prospects = (count: number): CatalogEntry[] =>
  Array.from({ length: count }, (_, index) =>
    catalogEntry(
      makePlayer({
        id: 1000 + index,
        name: `Academy Prospect ${String(index + 1).padStart(3, '0')}`,
        teamId: (index % 30) + 1,
        position: 'Midfielder',
        rarity: 'Common',
        price: 100 + index,
      }),
    ),
  );

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

    // Toggle buttons, not tabs: a tab without its own panel points aria-controls at nothing.
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    const positions = screen.getByRole('group', { name: 'Filter by position' });
    expect(
      within(positions)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Forwards', 'Midfielders', 'Defenders', 'Goalkeepers']);
    await user.click(within(positions).getByRole('button', { name: 'Goalkeepers' }));
    expect(within(positions).getByRole('button', { name: 'Goalkeepers' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(positions).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(rowNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    const rarities = screen.getByRole('group', { name: 'Filter by rarity' });
    expect(
      within(rarities)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Common', 'Rare', 'Epic', 'Legendary', 'Ultra Legendary']);
    await user.click(within(rarities).getByRole('button', { name: 'Rare' }));
    expect(rowNames()).toEqual(['Brad Guzan', 'Stefan Frei']);

    await user.click(within(positions).getByRole('button', { name: 'All' }));
    await user.click(within(rarities).getByRole('button', { name: 'Ultra Legendary' }));
    expect(rowNames()).toEqual(['Lionel Messi']);
  });

  it("shows 'No players found matching your filters.' when nothing matches", async () => {
    setup();
    const { user } = renderApp('/catalog');

    await user.type(await screen.findByPlaceholderText('Search players...'), 'messi');
    const rarities = screen.getByRole('group', { name: 'Filter by rarity' });
    await user.click(within(rarities).getByRole('button', { name: 'Common' }));

    // Once the server has answered for these filters (the list shown meanwhile is the last one's):
    // the search's debounce and the answer can take seconds in a full, loaded run.
    expect(
      await screen.findByText('No players found matching your filters.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Players' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(rowNames()).toHaveLength(6);
  });

  it('draws only the rows on screen of all 858 players, and the next ones as the page scrolls', async () => {
    const many = prospects(858);
    setup(many);
    renderApp('/catalog');

    await screen.findByRole('list', { name: 'Players' });
    expect(screen.getByText('858 players')).toBeInTheDocument();
    const firstScreen = rowNames();
    expect(firstScreen[0]).toBe('Academy Prospect 001');
    expect(firstScreen.length).toBeGreaterThan(5);
    expect(firstScreen.length).toBeLessThan(40);
    // Assistive technology still hears where a row stands in the whole list.
    const [firstRow] = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(firstRow).toHaveAttribute('aria-setsize', '858');
    expect(firstRow).toHaveAttribute('aria-posinset', '1');

    scrollPageTo(500 * 94);
    await waitFor(() => expect(rowNames()).toContain('Academy Prospect 501'));
    expect(rowNames()).not.toContain('Academy Prospect 001');
    expect(rowNames().length).toBeLessThan(40);
  });

  it('stands the players in two columns from 1024 px and three from 1280 px, drawing whole rows', async () => {
    const many = prospects(300);
    const drawn = async (width: number) => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: Number(/min-width: (\d+)rem/.exec(query)?.[1] ?? 0) * 16 <= width,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      setup(many);
      const { unmount } = renderApp('/catalog');
      await screen.findByRole('list', { name: 'Players' });
      const list = screen.getByRole('list', { name: 'Players' });
      const rows = within(list).getAllByRole('listitem');
      const shown = { count: rows.length, last: rows[rows.length - 1]!.getAttribute('aria-posinset') };
      expect(list.className).toContain('lg:grid-cols-2');
      unmount();
      return shown;
    };
    const phone = await drawn(390);
    const desk = await drawn(1024);
    const wide = await drawn(1280);
    // The same rows of the window, each holding one, two or three players, in order.
    expect(desk.count).toBe(phone.count * 2);
    expect(wide.count).toBe(phone.count * 3);
    expect(wide.last).toBe(String(wide.count));
    vi.unstubAllGlobals();
    // Three whole-app renders: more than the default 5 s on a busy machine.
  }, 20_000);

  it('loads a page at a time as the list scrolls, with the server filtering and counting', async () => {
    const many = Array.from({ length: 120 }, (_, index) =>
      catalogEntry(
        makePlayer({
          id: 1000 + index,
          name: `Academy Prospect ${String(index + 1).padStart(3, '0')}`,
          teamId: 1,
          position: 'Midfielder',
          rarity: 'Common',
          price: 100 + index,
        }),
      ),
    );
    // As the gateway answers: a page after the cursor, the filtered total, the progress over every player.
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/teams/with-player-counts': { body: teams },
      'GET /api/player-catalog': (_body, url) => {
        const start = Number(url.searchParams.get('cursor')?.replace('at-', '') ?? 0);
        const end = start + Number(url.searchParams.get('limit'));
        const list = url.searchParams.get('position') === 'Goalkeeper' ? [] : many;
        return {
          body: {
            items: list.slice(start, end),
            nextCursor: end < list.length ? `at-${end}` : null,
            total: list.length,
            collectedPlayers: 7,
            totalPlayers: 858,
          },
        };
      },
    });
    const { user } = renderApp('/catalog');
    const catalogCalls = () =>
      calls.filter((call) => call.path === '/api/player-catalog').map((call) => call.search);

    await screen.findByRole('list', { name: 'Players' });
    expect(screen.getByText('7 / 858 players collected')).toBeInTheDocument();
    expect(screen.getByText('120 players')).toBeInTheDocument();
    const [firstRow] = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(firstRow).toHaveAttribute('aria-setsize', '120');
    // Every team is offered, not only those of the first page's players.
    const team = screen.getByRole('combobox', { name: 'Filter by team' });
    await waitFor(() => expect(within(team).getAllByRole('option')).toHaveLength(teams.length + 1));
    expect(catalogCalls()).toEqual(['?limit=50']);

    // Near the end of the 50 loaded rows, the next page is asked for after the first's cursor.
    scrollPageTo(45 * 94);
    await waitFor(() => expect(catalogCalls()).toEqual(['?limit=50', '?cursor=at-50&limit=50']));
    scrollPageTo(95 * 94);
    await waitFor(() => expect(rowNames()).toContain('Academy Prospect 100'));
    await waitFor(() => expect(catalogCalls()).toHaveLength(3));
    expect(catalogCalls()[2]).toBe('?cursor=at-100&limit=50');

    // A filter is the server's: its first page, and its count.
    scrollPageTo(0);
    const positions = screen.getByRole('group', { name: 'Filter by position' });
    await user.click(within(positions).getByRole('button', { name: 'Goalkeepers' }));
    expect(
      await screen.findByText('No players found matching your filters.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(catalogCalls()).toContain('?position=Goalkeeper&limit=50');
    expect(screen.getByText('0 players')).toBeInTheDocument();
  });

  it('shows the error text when the catalog fails to load', async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/player-catalog': { status: 500, body: { error: 'Catalog unavailable' } },
    });
    renderApp('/catalog');

    expect(await screen.findByText('Catalog unavailable')).toBeInTheDocument();
  });
});
