import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { collection, players } from './card-fixtures';
import { makeUser, mockFetch, renderApp } from './utils';

const trending = [players.messi, players.herbers, players.alba];

function setup(trendingResponse: { status?: number; body?: unknown } = { body: trending }) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: collection },
    'GET /api/user/starter-pack': { body: [] },
    'GET /api/market/trending': trendingResponse,
  });
}

describe('home: Trending Players', () => {
  it('shows the loading text with the market data note', async () => {
    const pending = new Promise<Response>(() => {});
    const { fetchMock } = setup();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith('/api/market/trending') ? pending : answer(input, init),
    );
    renderApp('/');

    expect(await screen.findByText('Loading trending players...')).toBeInTheDocument();
    expect(screen.getByText('Market data updates every 5 minutes')).toBeInTheDocument();
  });

  it('lists the trending players two to a row and opens a player-only popup', async () => {
    setup();
    const { user } = renderApp('/');

    const grid = await screen.findByRole('list', { name: 'Trending players' });
    expect(grid).toHaveClass('grid-cols-2');
    expect(within(grid).getAllByRole('button')).toHaveLength(3);
    expect(within(grid).getByText('+2.5%')).toBeInTheDocument();
    expect(within(grid).getByText('148,500')).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /^Fabian Herbers,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Fabian Herbers' });
    expect(within(dialog).getByText('-3.2%')).toBeInTheDocument();
    expect(within(dialog).queryByText('Acquired')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Profit/Loss')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Trade Card' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View Player Market' })).toHaveAttribute(
      'href',
      '/market/stock',
    );
  });

  it('shows the error text when trending fails', async () => {
    setup({ status: 502, body: { message: 'Prices unavailable' } });
    renderApp('/');

    expect(await screen.findByText('Prices unavailable')).toBeInTheDocument();
  });
});
