import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';

import type { TradeRecord } from '@touchline/contract';

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
    createdAt: '',
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
    'GET /api/trade-history': { body: { items: market, nextCursor: null } },
    'GET /api/trade-history/user': { body: { items: market.slice(0, 3), nextCursor: null } },
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
  it('scrolls sideways in a region the keyboard can reach, with Date and Player kept in place', async () => {
    setup();
    renderApp('/trade-history');

    const table = await screen.findByRole('table', { name: 'Market transactions' });
    // axe 'scrollable-region-focusable': a sideways scroller must take the focus to scroll by keyboard.
    const scroller = screen.getByRole('region', { name: 'Market transactions, scrolls sideways' });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(table);
    expect(table).toHaveClass('history-identity');
  });

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

  it("formats the rows: date, rarity badge, #id, type, usernames with 'You' and 'Market', price", async () => {
    setup();
    renderApp('/trade-history');
    await screen.findByTestId('trade-1');

    expect(cells(1)).toEqual([
      format(new Date('2026-03-06T18:05:00.000Z'), 'MM/dd HH:mm'),
      'Lionel MessiUL#21 of 5000',
      '#1',
      'Market Sale',
      'You',
      'user13',
      '150,000',
      '+1,500',
    ]);
    expect(cells(2)[0]).toBe('N/A');
    expect(cells(3)[0]).toBe('Invalid');
    expect(cells(3)[3]).toBe('Market Buy');
    expect(cells(3)[4]).toBe('Market');
    expect(cells(3)[5]).toBe('You');
    expect(cells(4)[4]).toBe('user21');
    expect(screen.queryByText(/^#(7|13|21)$/)).not.toBeInTheDocument();
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

  it('shows a trade as what each side gave, with a P/L only where coins paid for a card', async () => {
    const party = (id: number) => ({ id, username: `user${id}` });
    const messi = { cardId: 103, playerId: 1, playerName: 'Lionel Messi', rarity: 'Ultra Legendary' };
    const alba = { cardId: 104, playerId: 18, playerName: 'Jordi Alba', rarity: 'Legendary' };
    // User 7 gave Messi and 1,000 coins and asked for nothing: no coins paid for the card, no P/L.
    const gift = {
      offerId: 90,
      fromUser: party(7),
      toUser: party(22),
      offeredCards: [messi],
      offeredCoins: 1000,
      requestedCards: [],
      requestedCoins: 0,
    };
    // User 7 gave Alba for user 23's Messi and 500 coins: the 500 paid for Alba.
    const swap = {
      offerId: 91,
      fromUser: party(23),
      toUser: party(7),
      offeredCards: [messi],
      offeredCoins: 500,
      requestedCards: [alba],
      requestedCoins: 0,
    };
    const records = [
      makeTrade({
        id: 11,
        tradeType: 'trade',
        sellerUserId: 23,
        buyerUserId: 7,
        cardId: 103,
        salePrice: 0,
        profitLoss: 0,
        trade: swap,
      }),
      makeTrade({
        id: 12,
        tradeType: 'trade',
        sellerUserId: 7,
        buyerUserId: 23,
        cardId: 104,
        playerName: 'Jordi Alba',
        salePrice: 500,
        profitLoss: -120,
        trade: swap,
      }),
      makeTrade({
        id: 10,
        tradeType: 'trade',
        sellerUserId: 7,
        buyerUserId: 22,
        salePrice: 0,
        profitLoss: 0,
        trade: gift,
      }),
    ];
    setup({ 'GET /api/trade-history': { body: records } });
    renderApp('/trade-history');
    await screen.findByTestId('trade-10');

    // One row per trade, not per card.
    expect(screen.queryByTestId('trade-12')).not.toBeInTheDocument();
    const gave = (id: number) =>
      within(row(id))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(gave(10)).toEqual(['You gave Lionel Messi UL + 1,000 coins', 'user22 gave nothing']);
    expect(cells(10)[2]).toBe('-');
    expect(within(row(10)).queryByText('0')).not.toBeInTheDocument();
    expect(within(row(10)).queryByText(/Price/)).not.toBeInTheDocument();

    expect(gave(11)).toEqual(['user23 gave Lionel Messi UL + 500 coins', 'You gave Jordi Alba L']);
    expect(within(row(11)).getByText('-120')).toHaveAttribute('data-trend', 'down');
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
    const none = { body: { items: [], nextCursor: null } };
    setup({ 'GET /api/trade-history': none, 'GET /api/trade-history/user': none });
    const { user } = renderApp('/trade-history');

    expect(await screen.findByText('No trade history available')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Transactions' }));
    expect(await screen.findByText('No personal trade history available')).toBeInTheDocument();
  });

  it('asks for pages of 100 (the first is what the unpaged call showed) and loads more from nextCursor', async () => {
    const { calls } = setup({
      'GET /api/trade-history': (_body, url) =>
        url.searchParams.get('cursor') === 'next-1'
          ? { body: { items: [makeTrade({ id: 1 })], nextCursor: null } }
          : { body: { items: [makeTrade({ id: 2 })], nextCursor: 'next-1' } },
    });
    const { user } = renderApp('/trade-history');
    await screen.findAllByTestId('trade-2');
    expect(screen.queryAllByTestId('trade-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findAllByTestId('trade-1')).length).toBeGreaterThan(0);
    expect(screen.getAllByTestId('trade-2').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const asked = calls.filter((call) => call.path === '/api/trade-history').map((call) => call.search);
    expect(asked).toEqual(['?limit=100', '?cursor=next-1&limit=100']);
  });

  it('shows a load error inline in red', async () => {
    setup({ 'GET /api/trade-history': { status: 500, body: { message: 'History unavailable' } } });
    renderApp('/trade-history');

    const error = await screen.findByText('Error loading trade history: History unavailable');
    expect(error).toHaveClass('text-rose-400');
  });
});
