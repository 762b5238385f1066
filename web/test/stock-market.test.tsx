import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Player } from '@touchline/contract';
import type { PricePoint } from '@touchline/contract';

import { makePlayer, players } from './card-fixtures';
import { marketOpen } from './market-fixtures';
import { cardButtonNames, makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

// jsdom has no canvas: stand in for the lazily loaded chart.
vi.mock('@/features/market/components/PriceChart', () => ({
  default: ({ points }: { points: PricePoint[] }) => (
    <div data-testid="price-chart">{`${points.length} price points`}</div>
  ),
}));

const messi = { ...players.messi, priceChange: 1.25 };
const alba = { ...players.alba, priceChange: -0.4 };
const guzan = { ...players.guzan, priceChange: undefined as unknown as number };
const allPlayers: Player[] = [messi, alba, players.nwobodo, guzan, players.herbers];

function setup(list: Player[] = allPlayers, extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/market/status': { body: marketOpen },
    'GET /api/market/all-players': { body: list },
    ...extra,
  });
}

/** A player's button, named by what it shows and then what it opens: 'Lionel Messi, FWD · MIA, price chart'. */
const chartName = (name: string) => new RegExp(`^${name},.*price chart$`);

function tableRow(name: string) {
  return screen.getByRole('button', { name: chartName(name) }).closest('tr')!;
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

/** 858 players on the 30 teams, priced so that the default sort (price, highest first) keeps their order. */
const league: Player[] = Array.from({ length: 858 }, (_, index) =>
  makePlayer({
    id: 2000 + index,
    name: `Squad Player ${String(index + 1).padStart(3, '0')}`,
    teamId: (index % 30) + 1,
    position: 'Midfielder',
    rarity: 'Common',
    price: 100_000 - index,
  }),
);

// By Team's buttons also show the price and change after the name: match the words anywhere.
const chartButtons = () => screen.getAllByRole('button', { name: /, price chart/ });

describe('stock market (Player Market)', () => {
  it('shows the header with the date, the table and the change with sign and two decimals', async () => {
    setup();
    renderApp('/market/stock');

    expect(await screen.findByRole('heading', { level: 1, name: 'Player Market' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'MLS Players Stock Market' })).toBeInTheDocument();
    const today = new Date().toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(screen.getByText(today)).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Player' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Current Price' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '24h Change' })).toBeInTheDocument();

    expect(within(tableRow('Lionel Messi')).getByText('+1.25%')).toHaveAttribute('data-trend', 'up');
    expect(within(tableRow('Jordi Alba')).getByText('-0.40%')).toHaveAttribute('data-trend', 'down');
    expect(within(tableRow('Brad Guzan')).getByText('0%')).toBeInTheDocument();
    expect(within(tableRow('Lionel Messi')).getByText('148,500')).toBeInTheDocument();
    expect(screen.getByText('5 players')).toBeInTheDocument();
  });

  it('shows the loading notice while the players load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/market/all-players')) return new Promise<Response>(() => {});
        const body = url.startsWith('/api/market/status') ? marketOpen : makeUser();
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    renderApp('/market/stock');

    expect(
      await screen.findByText('Please wait one moment while all player values load...'),
    ).toBeInTheDocument();
  });

  it('offers the four sorts and sorts by name', async () => {
    setup();
    const { user } = renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });
    const sort = screen.getByRole('combobox', { name: 'Sort players' });

    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Price: High to Low', 'Price: Low to High', '% Change', 'Name: A to Z']);
    await user.selectOptions(sort, 'Name: A to Z');
    const names = cardButtonNames(screen.getAllByRole('button', { name: / price chart$/ }));
    expect(names).toEqual(['Brad Guzan', 'Fabian Herbers', 'Jordi Alba', 'Lionel Messi', 'Obinna Nwobodo']);
  });

  it('groups by team, alphabetically, with counts and Unknown Team', async () => {
    const nameless = { ...players.frei, team: { ...players.frei.team, name: '' } };
    setup([...allPlayers, nameless]);
    const { user } = renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });

    await user.click(screen.getByRole('tab', { name: 'By Team' }));

    const groups = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(groups).toEqual([
      'Atlanta United FC',
      'CF Montréal',
      'FC Cincinnati',
      'Inter Miami CF',
      'Unknown Team',
    ]);
    const miami = screen.getByRole('region', { name: 'Inter Miami CF' });
    expect(within(miami).getByText('2 players')).toBeInTheDocument();
    expect(within(miami).getByText('+1.25%')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Unknown Team' })).getByText('1 player'),
    ).toBeInTheDocument();
  });

  it('draws only the table rows on screen of 858 players, and the next ones as the page scrolls', async () => {
    setup(league);
    renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });

    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '859');
    const firstScreen = chartButtons();
    expect(firstScreen.length).toBeGreaterThan(5);
    expect(firstScreen.length).toBeLessThan(40);
    expect(tableRow('Squad Player 001')).toHaveAttribute('aria-rowindex', '2');

    scrollPageTo(600 * 53);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: chartName('Squad Player 601') })).toBeInTheDocument(),
    );
    expect(tableRow('Squad Player 601')).toHaveAttribute('aria-rowindex', '602');
    expect(screen.queryByRole('button', { name: chartName('Squad Player 001') })).not.toBeInTheDocument();
    expect(chartButtons().length).toBeLessThan(40);
  });

  it('draws only the teams on screen By Team, and the next ones as the page scrolls', async () => {
    setup(league);
    const { user } = renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });
    await user.click(screen.getByRole('tab', { name: 'By Team' }));

    const teams = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(teams()[0]).toBe('Atlanta United FC');
    expect(teams().length).toBeLessThan(5);
    expect(chartButtons().length).toBeLessThan(5 * 29);

    scrollPageTo(25 * (58 + 29 * 53));
    await waitFor(() => expect(teams()).not.toContain('Atlanta United FC'));
    expect(teams().length).toBeLessThan(5);
  });

  it("shows the empty state with 'Show All Players'", async () => {
    setup([players.herbers]);
    const { user } = renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });

    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    expect(screen.getByText('No players match your filter')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show All Players' }));
    expect(screen.getByRole('button', { name: chartName('Fabian Herbers') })).toBeInTheDocument();
  });

  it('opens the price chart of a player with range buttons', async () => {
    const { calls } = setup(allPlayers, {
      'GET /api/market/players/1/history': {
        body: {
          playerId: 1,
          points: [
            { at: '2026-03-06T14:30:00.000Z', price: 147_000 },
            { at: '2026-03-06T14:35:00.000Z', price: 148_500 },
          ],
        },
      },
    });
    const { user } = renderApp('/market/stock');
    await user.click(await screen.findByRole('button', { name: chartName('Lionel Messi') }));

    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(await within(dialog).findByText('2 price points')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '1D' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(dialog).getByRole('button', { name: '1M' }));
    expect(within(dialog).getByRole('button', { name: '1M' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((call) => call.path === '/api/market/players/1/history')).toHaveLength(2);
  });

  it("says 'No price history yet' without points", async () => {
    setup(allPlayers, { 'GET /api/market/players/18/history': { body: { playerId: 18, points: [] } } });
    const { user } = renderApp('/market/stock');
    await user.click(await screen.findByRole('button', { name: chartName('Jordi Alba') }));

    const dialog = await screen.findByRole('dialog', { name: 'Jordi Alba' });
    expect(await within(dialog).findByText('No price history yet')).toBeInTheDocument();
  });
});
