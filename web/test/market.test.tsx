import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { SETTLE_INTERVAL_MS } from '@/lib/pending';

import type { MarketItem, MarketStatus } from '@touchline/contract';

import { makeCard, makePlayer, players } from './card-fixtures';
import { FakeEventSource } from './fake-event-source';
import { makeMarketItem, marketClosed, marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

const DIRECT_BUY_CLOSED =
  'Direct market purchases are only available during market hours (9:30AM-4PM EST, Mon-Fri). P2P trading is still available.';

/** Market card Messi, a user's Alba listing, the viewer's (id 7) own Guzan listing, market card Herbers. */
const listings: MarketItem[] = [
  makeMarketItem({ id: 501, player: players.herbers }),
  makeMarketItem({ id: 502, player: players.guzan, userId: 7, price: 1_300 }),
  makeMarketItem({ id: 503, player: players.alba, userId: 12, price: 41_000 }),
  makeMarketItem({ id: 504, player: players.messi }),
];

function setup(status: MarketStatus = marketOpen, items: MarketItem[] = listings, extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ coins: 200_000 }) },
    'GET /api/market/status': { body: status },
    'GET /api/market': { body: items },
    ...extra,
  });
}

const row = (id: number) => screen.getByTestId(`listing-${id}`);

/** Taps a row's 'Buy' (or 'Trade') and confirms the purchase in the dialog that asks first. */
async function buyFromRow(user: ReturnType<typeof renderApp>['user'], id: number, label = 'Buy') {
  await user.click(within(row(id)).getByRole('button', { name: label }));
  const confirm = await screen.findByRole('alertdialog');
  await user.click(within(confirm).getByRole('button', { name: /^Buy for / }));
}

describe('market page', () => {
  it('shows the status, schedule, tabs, chips, count and sort', async () => {
    const { calls } = setup();
    renderApp('/market');

    expect(await screen.findByRole('heading', { level: 1, name: 'Market' })).toBeInTheDocument();
    expect(await screen.findByText('Market Open')).toBeInTheDocument();
    expect(screen.getByText('Closes today 4:00 PM ET')).toBeInTheDocument();
    expect(screen.getByText(/P2P trading is available 24\/7/)).toBeInTheDocument();
    expect(screen.getByText(/Direct market buys are only available during market hours/)).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Market sections' });
    expect(within(sections).getByRole('link', { name: 'Stock Market' })).toHaveAttribute(
      'href',
      '/market/stock',
    );
    expect(within(sections).getByRole('link', { name: 'Trade History' })).toHaveAttribute(
      'href',
      '/trade-history',
    );
    const chips = screen.getByRole('group', { name: 'Filter by position' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All', 'Forwards', 'Midfielders', 'Defenders', 'Goalkeepers']);
    const sort = screen.getByRole('combobox', { name: 'Sort players' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Price: Low to High', 'Price: High to Low', '% Change']);
    expect(await screen.findByText('4 players')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/market')).toBeDefined();
  });

  it("offers 'Buy' on market cards, 'Trade' on users' listings and 'Your listing' on the viewer's", async () => {
    setup();
    renderApp('/market');

    await screen.findByTestId('listing-501');
    expect(within(row(501)).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    expect(within(row(504)).getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    expect(within(row(503)).getByRole('button', { name: 'Trade' })).toBeInTheDocument();
    expect(within(row(503)).queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
    expect(within(row(502)).getByText('Your listing')).toBeInTheDocument();
    expect(within(row(502)).queryByRole('button', { name: /Buy|Trade/ })).not.toBeInTheDocument();
    expect(within(row(503)).getByText('41,000')).toBeInTheDocument();
    expect(within(row(504)).getByText('148,500')).toBeInTheDocument();
  });

  it('sorts by price both ways and by change', async () => {
    setup();
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-501');
    const order = () =>
      within(screen.getByRole('list', { name: 'Market listings' }))
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid);

    expect(order()).toEqual(['listing-501', 'listing-502', 'listing-503', 'listing-504']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort players' }), 'Price: High to Low');
    expect(order()).toEqual(['listing-504', 'listing-503', 'listing-502', 'listing-501']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort players' }), '% Change');
    expect(order()).toEqual(['listing-504', 'listing-502', 'listing-503', 'listing-501']);
  });

  it("shows a 'Market Closed' button on market cards while closed, which toasts why", async () => {
    setup(marketClosed);
    const { user } = renderApp('/market');

    expect(await screen.findByText('Opens Monday 9:30 AM ET')).toBeInTheDocument();
    await screen.findByTestId('listing-501');
    const closed = within(row(501)).getByRole('button', { name: 'Market Closed' });
    expect(closed).toHaveAttribute('data-disabled', 'true');
    expect(closed).toBeEnabled();
    expect(within(row(503)).getByRole('button', { name: 'Trade' })).toBeEnabled();

    await user.click(closed);

    expect(await screen.findByText(DIRECT_BUY_CLOSED)).toBeInTheDocument();
  });

  it("shows 'No players match your filter' and 'Show All Players' resets the filter", async () => {
    setup();
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-501');

    await user.click(screen.getByRole('button', { name: 'Midfielders' }));
    expect(screen.getByText('No players match your filter')).toBeInTheDocument();
    expect(screen.getByText('0 players')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show All Players' }));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4 players')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Goalkeepers' }));
    expect(screen.getByText('1 player')).toBeInTheDocument();
  });

  it('asks the server for the chosen position and sort', async () => {
    const { fetchMock } = setup();
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-501');

    await user.click(screen.getByRole('button', { name: 'Defenders' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort players' }), '% Change');

    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
        '/api/market?position=Defender&sort=change&limit=50',
      ),
    );
    // A page at a time: the first page has no cursor.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain(
      '/api/market?sort=price_asc&limit=50',
    );
  });

  it('buys a market card with an Idempotency-Key, toasts and updates the balance', async () => {
    let items = listings;
    let coins = 200_000;
    const { calls } = setup(marketOpen, listings, {
      'GET /api/user': () => ({ body: makeUser({ coins }) }),
      'GET /api/market': () => ({ body: items }),
      'POST /api/market/buy/501': () => {
        items = listings.filter((item) => item.id !== 501);
        coins -= 240;
        return {
          body: {
            card: makeCard({ id: 501, player: players.herbers, acquiredAt: '2026-03-06T18:00:00.000Z' }),
            pricePaid: 240,
            remainingCoins: coins,
          },
        };
      },
    });
    const { user } = renderApp('/market');
    expect(await screen.findByText('Balance: 200,000')).toBeInTheDocument();
    await screen.findByTestId('listing-501');

    await buyFromRow(user, 501);

    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    expect(await screen.findByText('Balance: 199,760')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('listing-501')).not.toBeInTheDocument());
    const buy = calls.find((call) => call.method === 'POST' && call.path === '/api/market/buy/501')!;
    // The price the row showed: the server refuses the buy if the price moved since.
    expect(buy.body).toEqual({ expectedPrice: 240 });
    expect((buy.init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with the live stream open, a buy asks for nothing its events bring (issue 41, item 4)', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    try {
      let coins = 200_000;
      const { calls } = setup(marketOpen, listings, {
        'GET /api/user': () => ({ body: makeUser({ coins }) }),
        'GET /api/user/cards': { body: [] },
        'POST /api/market/buy/503': () => {
          coins -= 41_000;
          const card = makeCard({ id: 503, player: players.alba, acquiredAt: '2026-03-06T18:00:00.000Z' });
          return { body: { card, pricePaid: 41_000, remainingCoins: coins } };
        },
      });
      const loads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;
      const { user } = renderApp('/market');
      await screen.findByTestId('listing-503');
      await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
      const source = FakeEventSource.instances[0]!;
      act(() => source.open());
      const before = { user: loads('/api/user'), balance: loads('/api/user/balance') };
      const marketLoads = calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/market?')).length;

      await buyFromRow(user, 503, 'Trade');
      expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
      // The answer's coins show at once; the user's listing leaves the list with the market event.
      expect(await screen.findByText('Balance: 159,000')).toBeInTheDocument();
      act(() =>
        source.emit('market', { change: 'sold', listingId: 10_503, cardId: 503, playerId: 3, price: 41_000 }),
      );
      await waitFor(() => expect(screen.queryByTestId('listing-503')).not.toBeInTheDocument());
      expect({ user: loads('/api/user'), balance: loads('/api/user/balance') }).toEqual(before);
      expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/market?')).length).toBe(
        marketLoads,
      );

      // Nor do its cards and board events: the user's count, value and rank come with the board's
      // change (web/src/lib/live/leaderboard.ts).
      act(() => source.emit('cards', { change: 'gained', cardIds: [503], listingPrice: 0 }));
      const move = {
        userId: makeUser().id,
        collectionValue: 41_000,
        previousValue: 0,
        cardCount: 1,
        rank: 4,
      };
      act(() => source.emit('leaderboard', { moves: [move], truncated: false }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(loads('/api/user')).toBe(before.user);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a pending buy says so, asks again with the same key, and shows the outcome once it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pendingMessage = 'Your purchase is being confirmed. It will appear in your collection shortly.';
    let coins = 200_000;
    let asked = 0;
    const { calls } = setup(marketOpen, listings, {
      'GET /api/user': () => ({ body: makeUser({ coins }) }),
      'GET /api/user/balance': () => ({ body: { coins } }),
      'POST /api/market/buy/501': () => {
        asked += 1;
        if (asked === 1) return { status: 202, body: { status: 'pending', message: pendingMessage } };
        coins = 199_760;
        return {
          body: {
            card: makeCard({ id: 501, player: players.herbers, acquiredAt: '2026-03-06T18:00:00.000Z' }),
            pricePaid: 240,
            remainingCoins: coins,
          },
        };
      },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-501');

    await buyFromRow(user, 501);
    expect(await screen.findByText('Purchase pending')).toBeInTheDocument();
    expect(screen.getByText(pendingMessage)).toBeInTheDocument();
    expect(screen.queryByText('Purchase failed')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(SETTLE_INTERVAL_MS));
    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    expect(await screen.findByText('Balance: 199,760')).toBeInTheDocument();
    const keys = calls
      .filter((call) => call.method === 'POST' && call.path === '/api/market/buy/501')
      .map((call) => (call.init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    vi.useRealTimers();
  });

  it('sends a fresh Idempotency-Key per click', async () => {
    const { calls } = setup(marketOpen, listings, {
      'POST /api/market/buy/504': { status: 422, body: { message: 'Not enough coins or card unavailable' } },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-504');

    await buyFromRow(user, 504);
    expect(await screen.findByText('Purchase failed')).toBeInTheDocument();
    expect(screen.getByText('Not enough coins or card unavailable')).toBeInTheDocument();
    await waitFor(() => expect(within(row(504)).getByRole('button', { name: 'Buy' })).toBeEnabled());
    await buyFromRow(user, 504);

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    const keys = calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("shows 'Price changed' with the server's new price, and refetches the listings", async () => {
    const { calls } = setup(marketOpen, listings, {
      'POST /api/market/buy/504': { status: 409, body: { message: 'The price changed to 260 coins' } },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-504');
    const listingLoads = () =>
      calls.filter((call) => call.method === 'GET' && call.path === '/api/market').length;
    const before = listingLoads();

    await buyFromRow(user, 504);

    expect(await screen.findByText('Price changed')).toBeInTheDocument();
    expect(screen.getByText('The price changed to 260 coins')).toBeInTheDocument();
    expect(screen.queryByText('Purchase failed')).not.toBeInTheDocument();
    await waitFor(() => expect(listingLoads()).toBeGreaterThan(before));
  });

  it("asks before a row's 'Buy' spends coins: price, card, seller and balance after; Cancel sends nothing", async () => {
    const { calls } = setup();
    const { user } = renderApp('/market');
    expect(await screen.findByText('Balance: 200,000')).toBeInTheDocument();
    await screen.findByTestId('listing-504');
    const price = listings[3]!.price;

    await user.click(within(row(504)).getByRole('button', { name: 'Buy' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Buy Lionel Messi?' });
    expect(confirm).toHaveAccessibleDescription(/coins leave your balance now.*cannot be undone/);
    const moves = (label: string) => within(confirm).getByText(label).nextSibling;
    expect(moves('You pay')).toHaveTextContent(price.toLocaleString('en-US'));
    expect(moves('You get')).toHaveTextContent('Lionel Messi · Ultra Legendary Forward · #4 of');
    expect(moves('From')).toHaveTextContent('the market');
    expect(moves('Balance after')).toHaveTextContent((200_000 - price).toLocaleString('en-US'));
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("asks before a user's listing 'Trade' too, and buys at the price it showed", async () => {
    const { calls } = setup(marketOpen, listings, {
      'POST /api/market/buy/503': {
        body: {
          card: makeCard({ id: 503, player: players.alba, acquiredAt: '2026-03-06T18:00:00.000Z' }),
          pricePaid: 41_000,
          remainingCoins: 159_000,
        },
      },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-503');

    await user.click(within(row(503)).getByRole('button', { name: 'Trade' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Buy Jordi Alba?' });
    // The seller as the list names them (issue 30 item 8).
    expect(within(row(503)).getByText(/user12/)).toBeInTheDocument();
    expect(within(confirm).getByText('From').nextSibling).toHaveTextContent('user12');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Buy for 41,000' }));

    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    const buy = calls.find((call) => call.method === 'POST' && call.path === '/api/market/buy/503')!;
    expect(buy.body).toEqual({ expectedPrice: 41_000 });
  });

  it("opens the popup with 'Buy for {price}' and buys from it", async () => {
    setup(marketOpen, listings, {
      'POST /api/market/buy/504': {
        body: {
          card: makeCard({ id: 504, player: players.messi, acquiredAt: '2026-03-06T18:00:00.000Z' }),
          pricePaid: 148_500,
          remainingCoins: 51_500,
        },
      },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-504');

    await user.click(within(row(504)).getByRole('button', { name: /^Lionel Messi,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByText('Market')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Buy for 148,500' }));

    expect(await screen.findByText('Purchase successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens a user's listing with 'Trade for {price}'", async () => {
    setup();
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-503');

    await user.click(within(row(503)).getByRole('button', { name: /^Jordi Alba,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Jordi Alba' });
    expect(within(dialog).getByRole('button', { name: 'Trade for 41,000' })).toBeEnabled();
    // The seller by username (docs/design.md#7-decisions-on-the-specs-open-points), never 'User #12'.
    expect(within(dialog).getByText('user12')).toBeInTheDocument();
    expect(within(dialog).queryByText('User #12')).not.toBeInTheDocument();
  });

  it('explains in the popup that direct buys wait for market hours', async () => {
    setup(marketClosed);
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-504');

    await user.click(within(row(504)).getByRole('button', { name: /^Lionel Messi,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lionel Messi' });
    expect(within(dialog).getByText('Market closed - Direct buys unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Available during market hours' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: /Buy for/ })).not.toBeInTheDocument();
  });

  it("shows the viewer's own listing in the popup with 'Remove Listing'", async () => {
    const { calls } = setup(marketOpen, listings, {
      'POST /api/market/withdraw/502': {
        body: { card: makeCard({ id: 502, player: players.guzan, acquiredAt: '2026-03-01T00:00:00.000Z' }) },
      },
    });
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-502');

    await user.click(within(row(502)).getByRole('button', { name: /^Brad Guzan,/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Brad Guzan' });
    expect(within(dialog).getByText('Your listing')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Buy for|Trade for/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Listing' }));

    expect(await screen.findByText('Listing removed')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/market/withdraw/502')).toBe(true);
  });

  it('loads the listings a page at a time: the first 50, then the next after its cursor', async () => {
    // 60 market cards, cheapest first, served as the gateway pages them (the cursor is opaque).
    const many = Array.from({ length: 60 }, (_, index) =>
      makeMarketItem({
        id: 1000 + index,
        player: makePlayer({
          id: 5000 + index,
          name: `Prospect ${index}`,
          teamId: 1,
          position: 'Midfielder',
          rarity: 'Common',
          price: 100 + index,
        }),
      }),
    );
    const { calls } = setup(marketOpen, [], {
      'GET /api/market': (_body, url) => {
        const start = Number(url.searchParams.get('cursor')?.replace('at-', '') ?? 0);
        const limit = Number(url.searchParams.get('limit'));
        const end = start + limit;
        return {
          body: {
            items: many.slice(start, end),
            nextCursor: end < many.length ? `at-${end}` : null,
            total: 60,
          },
        };
      },
    });
    const { user } = renderApp('/market');
    const rows = () => screen.getAllByTestId(/^listing-/);

    await screen.findByTestId('listing-1000');
    expect(rows()).toHaveLength(50);
    expect(screen.getByText('60 players')).toBeInTheDocument();
    const marketCalls = () => calls.filter((call) => call.path === '/api/market');
    expect(marketCalls()).toHaveLength(1);

    expect(screen.queryByTestId('listing-1050')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more (10 left)' }));
    await waitFor(() => expect(rows()).toHaveLength(60));
    expect(screen.getByText('60 players')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
    expect(rows().map((row) => row.dataset.testid)).toEqual(many.map((item) => `listing-${item.id}`));
    // One request per page, each after the last one's cursor.
    expect(marketCalls().map((call) => call.search)).toEqual([
      '?sort=price_asc&limit=50',
      '?sort=price_asc&cursor=at-50&limit=50',
    ]);
  });

  it('shows the error text when the listings fail to load', async () => {
    setup(marketOpen, [], { 'GET /api/market': { status: 503, body: { message: 'Market unavailable' } } });
    renderApp('/market');

    expect(await screen.findByText('Market unavailable')).toBeInTheDocument();
  });

  it('searches by player name from the header search', async () => {
    setup();
    const { user } = renderApp('/market');
    await screen.findByTestId('listing-501');

    await user.click(screen.getByRole('button', { name: 'Search players' }));
    await user.type(screen.getByPlaceholderText('Search players...'), 'alba');

    expect(screen.getByText('1 player')).toBeInTheDocument();
    expect(screen.getByTestId('listing-503')).toBeInTheDocument();
  });
});
