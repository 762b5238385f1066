import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Player } from '@/features/cards/types';
import type { PricePoint } from '@/features/market/types';

import { players } from './card-fixtures';
import { marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

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

function tableRow(name: string) {
  return screen.getByRole('button', { name: `${name} price chart` }).closest('tr')!;
}

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
    const names = screen
      .getAllByRole('button', { name: / price chart$/ })
      .map((button) => button.getAttribute('aria-label')!.replace(' price chart', ''));
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

  it("shows the empty state with 'Show All Players'", async () => {
    setup([players.herbers]);
    const { user } = renderApp('/market/stock');
    await screen.findByRole('columnheader', { name: 'Player' });

    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    expect(screen.getByText('No players match your filter')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show All Players' }));
    expect(screen.getByRole('button', { name: 'Fabian Herbers price chart' })).toBeInTheDocument();
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
    await user.click(await screen.findByRole('button', { name: 'Lionel Messi price chart' }));

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
    await user.click(await screen.findByRole('button', { name: 'Jordi Alba price chart' }));

    const dialog = await screen.findByRole('dialog', { name: 'Jordi Alba' });
    expect(await within(dialog).findByText('No price history yet')).toBeInTheDocument();
  });
});
