import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';

import type { TradeRecord } from '@/features/trade-history/types';

import { makeTrade } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

/** The viewer is user 7. */
const market: TradeRecord[] = [
  makeTrade({ id: 1, sellerUserId: 7, buyerUserId: 13, profitLoss: 1500, salePrice: 150_000 }),
  makeTrade({
    id: 2,
    playerName: 'Jordi Alba',
    playerId: 18,
    rarity: 'Legendary',
    sellerUserId: 7,
    buyerUserId: 14,
    profitLoss: -800,
    salePrice: 38_400,
    createdAt: null,
  }),
  makeTrade({
    id: 3,
    playerName: 'Brad Guzan',
    playerId: 338,
    rarity: 'Rare',
    tradeType: 'market_buy',
    sellerUserId: 0,
    buyerUserId: 7,
    profitLoss: 0,
    salePrice: 1_180,
    createdAt: 'not a date',
  }),
  makeTrade({ id: 4, tradeType: 'trade', sellerUserId: 21, buyerUserId: 22, profitLoss: 900 }),
];

function setup(extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ id: 7 }) },
    'GET /api/trade-history': { body: market },
    'GET /api/trade-history/user': { body: market.slice(0, 3) },
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`trade-${id}`);
/** The cells of a row, in column order. */
const cells = (id: number) =>
  within(row(id))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('trade history', () => {
  it('shows the legend, the tabs, the back link and the table columns', async () => {
    setup();
    renderApp('/trade-history');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trade History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Trade Center' })).toHaveAttribute('href', '/trade');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    const legend = screen.getByRole('region', { name: 'Legend' });
    for (const abbreviation of ['C', 'R', 'E', 'L', 'UL', 'P/L']) {
      expect(within(legend).getByText(abbreviation)).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Market Transactions' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'My Transactions' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Market transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Player', 'ID', 'Type', 'Seller', 'Buyer', 'Price', 'P/L']);
  });

  it("formats the rows: date, rarity badge, #id, type, 'You' and 'Market', price", async () => {
    setup();
    renderApp('/trade-history');
    await screen.findByTestId('trade-1');

    expect(cells(1)).toEqual([
      format(new Date('2026-03-06T18:05:00.000Z'), 'MM/dd HH:mm'),
      'Lionel MessiUL',
      '#1',
      'Market Sale',
      '#7You',
      '#13',
      '150,000',
      '+1,500',
    ]);
    expect(cells(2)[0]).toBe('N/A');
    expect(cells(3)[0]).toBe('Invalid');
    expect(cells(3)[3]).toBe('Market Buy');
    expect(cells(3)[4]).toBe('Market');
    expect(cells(3)[5]).toBe('#7You');
    expect(within(row(1)).getByText('You')).toBeInTheDocument();
    expect(within(row(4)).queryByText('You')).not.toBeInTheDocument();
  });

  it('shows P/L only on the rows where the user sold: green plus, red otherwise, dash else', async () => {
    setup();
    renderApp('/trade-history');
    await screen.findByTestId('trade-1');

    expect(within(row(1)).getByText('+1,500')).toHaveAttribute('data-trend', 'up');
    expect(within(row(1)).getByText('+1,500')).toHaveClass('text-emerald-400');
    expect(within(row(2)).getByText('-800')).toHaveAttribute('data-trend', 'down');
    expect(within(row(2)).getByText('-800')).toHaveClass('text-rose-400');
    expect(cells(3)[7]).toBe('-');
    expect(cells(4)[7]).toBe('-');
    expect(within(row(4)).queryByText('+900')).not.toBeInTheDocument();
  });

  it('switches to My Transactions and refreshes', async () => {
    const { calls } = setup();
    const { user } = renderApp('/trade-history');
    await screen.findByTestId('trade-4');

    await user.click(screen.getByRole('tab', { name: 'My Transactions' }));
    const table = await screen.findByRole('table', { name: 'My transactions' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    const before = calls.filter((call) => call.path === '/api/trade-history/user').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/trade-history/user').length).toBeGreaterThan(before),
    );
  });

  it('shows the empty texts', async () => {
    setup({ 'GET /api/trade-history': { body: [] }, 'GET /api/trade-history/user': { body: [] } });
    const { user } = renderApp('/trade-history');

    expect(await screen.findByText('No trade history available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Transactions' }));
    expect(await screen.findByText('No personal trade history available')).toBeInTheDocument();
  });

  it('shows a load error inline in red', async () => {
    setup({ 'GET /api/trade-history': { status: 500, body: { message: 'History unavailable' } } });
    renderApp('/trade-history');

    const error = await screen.findByText('Error loading trade history: 500: History unavailable');
    expect(error).toHaveClass('text-rose-400');
  });
});
