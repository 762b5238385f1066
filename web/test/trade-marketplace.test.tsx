import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Card } from '@touchline/contract';
import type { TradeWish } from '@touchline/contract';

import { collection, makeCard, players, teams } from './card-fixtures';
import { makeOffer, makeWish, othersCard, usernames } from './trade-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

/** Alice's cards (she is user 7); Brad Guzan (104) is listed for sale. */
const cards: Card[] = collection.map((card) => (card.id === 104 ? { ...card, forSale: true } : card));

/** Bob wants a Legendary Inter Miami defender for Messi with at least 5,000 coins; carol (no username) is open. */
const picky = makeWish({
  id: 1,
  card: othersCard(makeCard({ id: 301, player: players.messi, acquiredAt: '2026-03-02T18:00:00.000Z' })),
  desiredRarity: 'Legendary',
  desiredPosition: 'Defender',
  desiredTeamId: 12,
  minimumCoins: 5000,
  notes: 'Looking to strengthen my back line',
});
const open = makeWish({
  id: 2,
  userId: 13,
  username: null,
  card: othersCard(makeCard({ id: 302, player: players.guzan, acquiredAt: '2026-03-02T18:00:00.000Z' }), 13),
});
const mine = makeWish({
  id: 3,
  userId: 7,
  username: 'alice',
  card: makeCard({ id: 106, player: players.herbers, acquiredAt: '2026-03-06T18:00:00.000Z' }),
});

function setup(wishes: TradeWish[] = [picky, open, mine], extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: cards },
    'GET /api/teams': { body: teams },
    'GET /api/users/usernames': { body: usernames },
    'GET /api/tradewishes': { body: wishes },
    ...extra,
  });
}

const wishItem = (id: number) => screen.getByTestId(`wish-${id}`);

/** The query strings of the GET /api/tradewishes requests, in order. */
function wishQueries(fetchMock: ReturnType<typeof mockFetch>['fetchMock']): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/tradewishes')
    .map((url) => url.search);
}

const posts = (calls: RecordedCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('Trade Marketplace: listings', () => {
  it('shows the links, the filters and the sort', async () => {
    const { fetchMock } = setup();
    renderApp('/trade-marketplace');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trade Marketplace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Trades' })).toHaveAttribute('href', '/trade');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/trade-history');
    expect(screen.getByPlaceholderText('Search player name...')).toBeInTheDocument();
    for (const name of ['Filter by rarity', 'Filter by position', 'Filter by team', 'Filter by user']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    const sort = screen.getByRole('combobox', { name: 'Sort trade listings' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Newest', 'Highest Rarity', 'Highest Value', 'Lowest Value']);
    expect(screen.getByRole('button', { name: 'List Card for Trade' })).toBeInTheDocument();
    await screen.findByTestId('wish-1');
    expect(wishQueries(fetchMock)[0]).toBe('?sort=newest');
  });

  it("shows 'Player is looking for' or 'Open to any offers', notes, and who posted it", async () => {
    setup();
    renderApp('/trade-marketplace');

    const first = await screen.findByTestId('wish-1');
    expect(within(first).getByText('Lionel Messi')).toBeInTheDocument();
    expect(within(first).getByText('Ultra Legendary')).toBeInTheDocument();
    expect(within(first).getByText('Forward · Inter Miami CF')).toBeInTheDocument();
    expect(within(first).getByText('Player is looking for')).toBeInTheDocument();
    const wanted = within(first).getByRole('list', { name: 'Wanted in return' });
    expect(
      within(wanted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Legendary', 'Defender', 'Inter Miami CF', 'Min. 5,000 coins']);
    expect(within(first).queryByText('Open to any offers')).not.toBeInTheDocument();
    expect(within(first).getByText('Looking to strengthen my back line')).toBeInTheDocument();
    expect(within(first).getByText('Posted by bob')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Make Offer' })).toBeInTheDocument();

    const second = wishItem(2);
    expect(within(second).getByText('Open to any offers')).toBeInTheDocument();
    expect(within(second).queryByText('Player is looking for')).not.toBeInTheDocument();
    expect(within(second).getByText('Posted by User #13')).toBeInTheDocument();

    const own = wishItem(3);
    expect(within(own).getByText('Posted by alice')).toBeInTheDocument();
    expect(within(own).getByText('Your listing')).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Make Offer' })).not.toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Remove Listing' })).toBeInTheDocument();
  });

  it('removes an own listing', async () => {
    const { calls } = setup([mine], {
      'DELETE /api/tradewishes/3': { body: { ...mine, status: 'cancelled' } },
    });
    const { user } = renderApp('/trade-marketplace');

    await user.click(
      within(await screen.findByTestId('wish-3')).getByRole('button', { name: 'Remove Listing' }),
    );
    expect(await screen.findByText('Listing removed')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'DELETE' && c.path === '/api/tradewishes/3');
    expect((call?.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('sends the filters and the sort to the server', async () => {
    const { fetchMock } = setup();
    const { user } = renderApp('/trade-marketplace');
    await screen.findByTestId('wish-1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by rarity' }), 'Epic');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by position' }), 'Midfielder');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by team' }), 'FC Cincinnati');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by user' }), 'bob');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort trade listings' }), 'Highest Value');
    await user.type(screen.getByPlaceholderText('Search player name...'), 'nwo');

    await waitFor(() =>
      expect(wishQueries(fetchMock).at(-1)).toBe(
        '?search=nwo&rarity=Epic&position=Midfielder&teamId=9&user=bob&sort=value_desc',
      ),
    );
    const users = screen.getByRole('combobox', { name: 'Filter by user' });
    expect(
      within(users)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Users', 'alice (you)', 'bob', 'carol']);
  });

  it("shows 'No trade offers match your criteria' and resets the filters", async () => {
    const { fetchMock } = setup([]);
    const { user } = renderApp('/trade-marketplace');

    expect(await screen.findByText('No trade offers match your criteria')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by rarity' }), 'Rare');
    await waitFor(() => expect(wishQueries(fetchMock).at(-1)).toBe('?rarity=Rare&sort=newest'));

    await user.click(await screen.findByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByRole('combobox', { name: 'Filter by rarity' })).toHaveValue('');
    // Back to the unfiltered list (already cached from the first load).
    expect(wishQueries(fetchMock)).toEqual(['?sort=newest', '?rarity=Rare&sort=newest']);
    expect(await screen.findByText('No trade offers match your criteria')).toBeInTheDocument();
  });

  it('shows 3 skeletons while the listings load, and a load error', async () => {
    const { fetchMock } = setup();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith('/api/tradewishes') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    const { unmount } = renderApp('/trade-marketplace');
    const loading = await screen.findByRole('status', { name: 'Loading trade listings' });
    expect(within(loading).getAllByTestId('wish-skeleton')).toHaveLength(3);
    unmount();

    setup([], { 'GET /api/tradewishes': { status: 500, body: { message: 'Trading down' } } });
    renderApp('/trade-marketplace');
    expect(await screen.findByText('Trading down')).toBeInTheDocument();
  });
});

describe('Trade Marketplace: making an offer', () => {
  async function openOffer(extra: RouteHandlers = {}) {
    const fetch = setup([picky, open], extra);
    const rendered = renderApp('/trade-marketplace');
    await rendered.user.click(
      within(await screen.findByTestId('wish-1')).getByRole('button', { name: 'Make Offer' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make an Offer' });
    return { ...fetch, ...rendered, dialog };
  }

  it('offers coins: blank disables, 0 is an invalid amount, a valid amount is sent and the dialog resets', async () => {
    const { calls, user, dialog } = await openOffer({
      'POST /api/trades/offer-for-wish': { status: 201, body: makeOffer({ id: 40, wishId: 1 }) },
    });

    expect(within(dialog).getByRole('tab', { name: 'Offer Coins' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Offer Card' })).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum offer: 5,000 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('2.5% transaction fee applies to coin transfers')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Send Offer' });
    expect(send).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Coin amount'), '0');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('Invalid coin amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid coin amount')).toBeInTheDocument();
    expect(posts(calls, '/api/trades/offer-for-wish')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Coin amount'));
    await user.type(within(dialog).getByLabelText('Coin amount'), '6000');
    expect(within(dialog).getByText('bob will receive 5,850 coins.')).toBeInTheDocument();
    await user.click(send);

    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    const [call] = posts(calls, '/api/trades/offer-for-wish');
    expect(call?.body).toEqual({ wishId: 1, offerType: 'coins', coinAmount: 6000 });
    expect((call?.init?.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Make an Offer' })).not.toBeInTheDocument(),
    );

    await user.click(within(wishItem(1)).getByRole('button', { name: 'Make Offer' }));
    const reopened = await screen.findByRole('dialog', { name: 'Make an Offer' });
    expect(within(reopened).getByLabelText('Coin amount')).toHaveValue(null);
  });

  it("toasts 'Failed to send offer' with the server message", async () => {
    const { user, dialog } = await openOffer({
      'POST /api/trades/offer-for-wish': {
        status: 422,
        body: { message: 'The minimum offer for this card is 5,000 coins' },
      },
    });

    await user.type(within(dialog).getByLabelText('Coin amount'), '100');
    expect(within(dialog).getByText('Below the minimum offer of 5,000 coins')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Offer' }));

    expect(await screen.findByText('Failed to send offer')).toBeInTheDocument();
    expect(screen.getByText('The minimum offer for this card is 5,000 coins')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Make an Offer' })).toBeInTheDocument();
  });

  it('offers a card: warns on rarity, position and team mismatches, then sends the card', async () => {
    const { calls, user, dialog } = await openOffer({
      'POST /api/trades/offer-for-wish': { status: 201, body: makeOffer({ id: 41, wishId: 1 }) },
    });

    await user.click(within(dialog).getByRole('tab', { name: 'Offer Card' }));
    const send = within(dialog).getByRole('button', { name: 'Send Offer' });
    expect(send).toBeDisabled();
    const grid = within(dialog).getByRole('list', { name: 'Your available cards' });
    // Guzan is listed for sale, so it cannot be offered.
    expect(within(grid).queryByRole('button', { name: /^Brad Guzan,/ })).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /^Fabian Herbers,/ }));
    const warnings = within(dialog).getByRole('list', { name: 'Offer warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Rarity does not match: they want Legendary, this card is Common',
      'Position does not match: they want a Defender, this card is a Forward',
      'Team does not match: they want Inter Miami CF, this card is CF Montréal',
    ]);
    expect(send).toBeEnabled();

    await user.click(within(grid).getByRole('button', { name: /^Jordi Alba,/ }));
    expect(within(dialog).queryByRole('list', { name: 'Offer warnings' })).not.toBeInTheDocument();
    await user.click(send);

    expect(await screen.findByText('Offer sent')).toBeInTheDocument();
    expect(posts(calls, '/api/trades/offer-for-wish')[0]?.body).toEqual({
      wishId: 1,
      offerType: 'card',
      cardId: 105,
    });
  });
});

describe('Trade Marketplace: listing a card', () => {
  it('opens from the floating button and sends only the fields that are set', async () => {
    const { calls } = setup([], {
      'POST /api/tradewishes': (body) => ({ status: 201, body: makeWish({ id: 50, ...(body as object) }) }),
    });
    const { user } = renderApp('/trade-marketplace');

    await user.click(await screen.findByRole('button', { name: 'List Card for Trade' }));
    let dialog = await screen.findByRole('dialog', { name: 'List Card for Trade' });
    const list = within(dialog).getByRole('button', { name: 'List Card' });
    expect(list).toBeDisabled();
    const grid = await within(dialog).findByRole('list', { name: 'Choose a card to list' });
    expect(within(grid).queryByRole('button', { name: /^Brad Guzan,/ })).not.toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: /^Obinna Nwobodo,/ }));
    await user.selectOptions(within(dialog).getByLabelText('Preferred position'), 'Forward');
    await user.type(within(dialog).getByLabelText('Minimum coins'), '0');
    await user.type(within(dialog).getByLabelText('Notes'), '   ');
    await user.click(list);

    expect(await screen.findByText('Card listed for trade')).toBeInTheDocument();
    expect(posts(calls, '/api/tradewishes')[0]?.body).toEqual({ cardId: 102, desiredPosition: 'Forward' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'List Card for Trade' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'List Card for Trade' }));
    dialog = await screen.findByRole('dialog', { name: 'List Card for Trade' });
    const grid2 = await within(dialog).findByRole('list', { name: 'Choose a card to list' });
    await user.click(within(grid2).getByRole('button', { name: /^Stefan Frei,/ }));
    await user.selectOptions(within(dialog).getByLabelText('Preferred rarity'), 'Epic');
    await user.selectOptions(within(dialog).getByLabelText('Preferred position'), 'Goalkeeper');
    await user.selectOptions(within(dialog).getByLabelText('Preferred team'), 'Seattle Sounders FC');
    await user.type(within(dialog).getByLabelText('Minimum coins'), '2500');
    await user.type(within(dialog).getByLabelText('Notes'), '  Keeper swap  ');
    await user.click(within(dialog).getByRole('button', { name: 'List Card' }));

    await waitFor(() => expect(posts(calls, '/api/tradewishes')).toHaveLength(2));
    expect(posts(calls, '/api/tradewishes')[1]?.body).toEqual({
      cardId: 101,
      desiredRarity: 'Epic',
      desiredPosition: 'Goalkeeper',
      desiredTeamId: 26,
      minimumCoins: 2500,
      notes: 'Keeper swap',
    });
  });

  it("toasts 'Failed to list card' with the server message", async () => {
    setup([], {
      'POST /api/tradewishes': { status: 409, body: { message: 'This card is already listed for trade' } },
    });
    const { user } = renderApp('/trade-marketplace');

    await user.click(await screen.findByRole('button', { name: 'List Card for Trade' }));
    const dialog = await screen.findByRole('dialog', { name: 'List Card for Trade' });
    const grid = await within(dialog).findByRole('list', { name: 'Choose a card to list' });
    await user.click(within(grid).getByRole('button', { name: /^Lionel Messi,/ }));
    await user.click(within(dialog).getByRole('button', { name: 'List Card' }));

    expect(await screen.findByText('Failed to list card')).toBeInTheDocument();
    expect(screen.getByText('This card is already listed for trade')).toBeInTheDocument();
  });

  it('opens the list dialog with ?cardId= preselected, then clears the query string', async () => {
    const { calls } = setup([], {
      'POST /api/tradewishes': { status: 201, body: makeWish({ id: 51 }) },
    });
    const { router, user } = renderApp('/trade-marketplace?cardId=103');

    const dialog = await screen.findByRole('dialog', { name: 'List Card for Trade' });
    expect(within(dialog).getByRole('button', { name: /^Lionel Messi,/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByText('Selected:')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/trade-marketplace');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.click(within(dialog).getByRole('button', { name: 'List Card' }));
    expect(await screen.findByText('Card listed for trade')).toBeInTheDocument();
    expect(posts(calls, '/api/tradewishes')[0]?.body).toEqual({ cardId: 103 });
  });

  it('clears an unknown ?cardId= without opening the dialog', async () => {
    setup([]);
    const { router } = renderApp('/trade-marketplace?cardId=999');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No trade offers match your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'List Card for Trade' })).not.toBeInTheDocument();
  });
});
