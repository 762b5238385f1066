import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Card } from '@touchline/contract';
import type { TradeableCard, TradeOffer } from '@touchline/contract';

import { collection, makeCard, players } from './card-fixtures';
import { makeOffer, othersCard, usernames } from './trade-fixtures';
import { makeUser, mockFetch, renderApp, type RecordedCall, type RouteHandlers } from './utils';

/** Alice's cards; Brad Guzan (104) is listed for sale, so it cannot be traded. */
const cards: Card[] = collection.map((card) => (card.id === 104 ? { ...card, forSale: true } : card));

/** Bob's cards one may ask for: what any player may see of them. */
const bobsCards: TradeableCard[] = [
  { id: 201, player: players.guzan, editionNumber: 12, maxEditions: 1000, userId: 12 },
  { id: 202, player: players.alba, editionNumber: 3, maxEditions: 50, userId: 12 },
];

function setup(
  { incoming = [], outgoing = [] }: { incoming?: TradeOffer[]; outgoing?: TradeOffer[] } = {},
  extra: RouteHandlers = {},
) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: cards },
    'GET /api/users/usernames': { body: usernames },
    'GET /api/trades/incoming': { body: incoming },
    'GET /api/trades/outgoing': { body: outgoing },
    'GET /api/user/balance': { body: { coins: 12345 } },
    'GET /api/trades/users/12/cards': { body: bobsCards },
    'GET /api/trades/users/13/cards': { body: [] },
    ...extra,
  });
}

const count = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path).length;

/** Answers the dialog that asks before an offer is accepted, declined or cancelled. */
async function answer(user: ReturnType<typeof renderApp>['user'], button: string) {
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: button }));
}

const headerOf = (call: RecordedCall | undefined, name: string) =>
  (call?.init?.headers as Record<string, string> | undefined)?.[name];

/** Chooses a card of the 'Your Available Cards' grid and a user of the picker. */
async function fillCreateForm(
  user: ReturnType<typeof renderApp>['user'],
  cardName: RegExp,
  username: string,
) {
  const grid = await screen.findByRole('list', { name: 'Your Available Cards' });
  await user.click(within(grid).getByRole('button', { name: cardName }));
  await user.click(screen.getByRole('combobox', { name: 'Trade with' }));
  await screen.findByPlaceholderText('Search users...');
  await user.click(await screen.findByRole('option', { name: username }));
}

describe('Trade Center: layout', () => {
  it('shows the title, the history link and the tabs with their counts', async () => {
    setup({
      incoming: [makeOffer({ id: 1 }), makeOffer({ id: 2 })],
      outgoing: [
        makeOffer({ id: 3, fromUser: { id: 7, username: 'alice' }, toUser: { id: 13, username: 'carol' } }),
      ],
    });
    renderApp('/trade');

    expect(await screen.findByRole('heading', { level: 1, name: 'Trade Center' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trade History' })).toHaveAttribute('href', '/trade-history');
    expect(await screen.findByTestId('incoming-count')).toHaveTextContent('2');
    expect(await screen.findByTestId('sent-count')).toHaveTextContent('1');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Create',
      'Incoming2',
      'Sent1',
    ]);
    expect(screen.getByRole('tab', { name: 'Create' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Incoming' })).toBeInTheDocument();
  });

  it('does not poll the incoming offers: the live stream tells when they change', async () => {
    setup();
    const { queryClient } = renderApp('/trade');
    await screen.findByRole('heading', { level: 1, name: 'Trade Center' });

    const query = queryClient.getQueryCache().find({ queryKey: ['trades', 'incoming'] });
    expect(query).toBeDefined();
    expect((query!.options as { refetchInterval?: unknown }).refetchInterval).toBeUndefined();
  });
});

describe('Trade Center: create', () => {
  it('lists the cards not for sale, the users but the market and oneself, and the 2.5% fee note', async () => {
    setup();
    const { user } = renderApp('/trade');

    const grid = await screen.findByRole('list', { name: 'Your Available Cards' });
    const buttons = within(grid).getAllByRole('button');
    const names = ['Fabian Herbers', 'Jordi Alba', 'Lionel Messi', 'Obinna Nwobodo', 'Stefan Frei'];
    expect(buttons).toHaveLength(names.length);
    // Named by what they show (name first), so the name a speech user reads matches (WCAG 2.5.3).
    names.forEach((name, index) => expect(buttons[index]).toHaveAccessibleName(new RegExp(`^${name},`)));
    expect(screen.getByText('2.5% transaction fee applies to coin transfers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Trade Offer' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Trade with' }));
    const search = await screen.findByPlaceholderText('Search users...');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'bob' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'carol' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'alice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'market' })).not.toBeInTheDocument();
    await user.type(search, 'car');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('No user found.')).toBeInTheDocument();
  });

  it("toasts 'Incomplete information' without a card or a user, and sends nothing", async () => {
    const { calls } = setup();
    const { user } = renderApp('/trade');
    await screen.findByRole('list', { name: 'Your Available Cards' });

    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));
    expect(await screen.findByText('Incomplete information')).toBeInTheDocument();
    expect(screen.getByText('Please select a card and enter a target user')).toBeInTheDocument();

    // A card alone is not enough either.
    const grid = screen.getByRole('list', { name: 'Your Available Cards' });
    await user.click(within(grid).getByRole('button', { name: /^Lionel Messi,/ }));
    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));
    expect(count(calls, 'POST', '/api/trades/create')).toBe(0);
  });

  it('sends {cardId, targetUser, coinOffer} with an Idempotency-Key, toasts and resets', async () => {
    const { calls } = setup({}, { 'POST /api/trades/create': { status: 201, body: makeOffer({ id: 9 }) } });
    const { user } = renderApp('/trade');

    await fillCreateForm(user, /^Lionel Messi,/, 'bob');
    expect(screen.getByRole('combobox', { name: 'Trade with' })).toHaveTextContent('bob');
    await user.type(screen.getByLabelText('Coin offer'), '1000');
    expect(screen.getByText('bob will receive 975 coins.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));

    expect(await screen.findByText('Trade offer sent')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'POST' && c.path === '/api/trades/create');
    expect(call?.body).toEqual({ cardId: 103, targetUser: 'bob', coinOffer: 1000 });
    expect(headerOf(call, 'Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect(screen.getByLabelText('Coin offer')).toHaveValue(null));
    expect(screen.getByRole('combobox', { name: 'Trade with' })).toHaveTextContent('Select a user');
    const grid = screen.getByRole('list', { name: 'Your Available Cards' });
    expect(within(grid).getByRole('button', { name: /^Lionel Messi,/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('sends coinOffer 0 by default and asks for coins as requestedCoins', async () => {
    const { calls } = setup({}, { 'POST /api/trades/create': { status: 201, body: makeOffer({ id: 9 }) } });
    const { user } = renderApp('/trade');

    await fillCreateForm(user, /^Jordi Alba,/, 'carol');
    await user.type(screen.getByLabelText('Ask for coins'), '5000');
    expect(screen.getByLabelText('Coin offer')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));

    expect(await screen.findByText('Trade offer sent')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/trades/create')?.body).toEqual({
      cardId: 105,
      targetUser: 'carol',
      coinOffer: 0,
      requestedCoins: 5000,
    });
  });

  it("asks for the recipient's cards: both sides are shown before sending, and sent as requestedCardIds", async () => {
    const { calls } = setup({}, { 'POST /api/trades/create': { status: 201, body: makeOffer({ id: 9 }) } });
    const { user } = renderApp('/trade');

    await fillCreateForm(user, /^Lionel Messi,/, 'bob');
    const theirs = await screen.findByRole('list', { name: "bob's cards" });
    const guzan = within(theirs).getByRole('button', { name: /^Ask for Brad Guzan,/ });
    const alba = within(theirs).getByRole('button', { name: /^Ask for Jordi Alba,/ });
    await user.click(guzan);
    await user.click(alba);
    await user.click(alba); // a second tap puts it back
    expect(guzan).toHaveAttribute('aria-pressed', 'true');
    expect(alba).toHaveAttribute('aria-pressed', 'false');
    await user.type(screen.getByLabelText('Coin offer'), '1000');

    const preview = screen.getByRole('group', { name: 'Your offer' });
    expect(within(preview).getByText('You give')).toBeInTheDocument();
    expect(
      within(within(preview).getByRole('list', { name: 'Cards you give' })).getByText('Lionel Messi'),
    ).toBeInTheDocument();
    expect(within(preview).getByText('bob receives after 2.5% fee')).toBeInTheDocument();
    expect(within(preview).getByText('You ask bob for')).toBeInTheDocument();
    const asked = within(preview).getByRole('list', { name: 'Cards you ask for' });
    expect(within(asked).getByText('Brad Guzan')).toBeInTheDocument();
    expect(within(asked).queryByText('Jordi Alba')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));
    expect(await screen.findByText('Trade offer sent')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/trades/create')?.body).toEqual({
      cardId: 103,
      targetUser: 'bob',
      coinOffer: 1000,
      requestedCardIds: [201],
    });
  });

  it('forgets the cards asked of one user when another is chosen, and says when they have none', async () => {
    setup();
    const { user } = renderApp('/trade');
    expect(await screen.findByText('Choose a user to see their cards.')).toBeInTheDocument();

    await fillCreateForm(user, /^Lionel Messi,/, 'bob');
    await user.click(
      within(await screen.findByRole('list', { name: "bob's cards" })).getByRole('button', {
        name: /^Ask for Brad Guzan,/,
      }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Trade with' }));
    await user.click(await screen.findByRole('option', { name: 'carol' }));

    expect(await screen.findByText('carol has no cards to trade')).toBeInTheDocument();
    const preview = screen.getByRole('group', { name: 'Your offer' });
    expect(within(preview).getByText('Nothing in return')).toBeInTheDocument();
    expect(within(preview).queryByText('Brad Guzan')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to create trade' with the server message", async () => {
    setup({}, { 'POST /api/trades/create': { status: 404, body: { message: 'User not found' } } });
    const { user } = renderApp('/trade');

    await fillCreateForm(user, /^Lionel Messi,/, 'bob');
    await user.click(screen.getByRole('button', { name: 'Send Trade Offer' }));

    expect(await screen.findByText('Failed to create trade')).toBeInTheDocument();
    expect(screen.getByText('User not found')).toBeInTheDocument();
    // The form keeps its choices for another try.
    expect(screen.getByRole('combobox', { name: 'Trade with' })).toHaveTextContent('bob');
  });
});

describe('Trade Center: incoming', () => {
  const offers = [
    makeOffer({ id: 1, coinOffer: 1000, note: 'Fair deal?' }),
    makeOffer({
      id: 2,
      coinOffer: 41,
      fromUser: { id: 13, username: 'carol' },
      cards: [
        othersCard(
          makeCard({ id: 202, player: players.nwobodo, acquiredAt: '2026-03-01T18:00:00.000Z' }),
          13,
        ),
      ],
    }),
    makeOffer({ id: 3, requestedCoins: 2000, fromUser: { id: 12, username: 'bob' } }),
  ];

  async function openIncoming(extra: RouteHandlers = {}, list: TradeOffer[] = offers) {
    const fetch = setup({ incoming: list }, extra);
    const rendered = renderApp('/trade');
    await rendered.user.click(await screen.findByRole('tab', { name: 'Incoming' }));
    return { ...fetch, ...rendered };
  }

  it("shows each offer's sender, date, card, coins and the amount after the 2.5% fee", async () => {
    await openIncoming();

    const first = await screen.findByTestId('incoming-offer-1');
    expect(within(first).getByText('bob')).toBeInTheDocument();
    expect(within(first).getByText('Mar 6, 2026', { exact: false })).toBeInTheDocument();
    expect(within(first).getByText('Stefan Frei')).toBeInTheDocument();
    expect(within(first).getByText('Coin offer').nextSibling).toHaveTextContent('1,000');
    expect(within(first).getByText('After 2.5% fee').nextSibling).toHaveTextContent('975');
    expect(within(first).getByText('Fair deal?')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Decline' })).toBeInTheDocument();

    const second = screen.getByTestId('incoming-offer-2');
    expect(within(second).getByText('carol')).toBeInTheDocument();
    expect(within(second).getByText('Obinna Nwobodo')).toBeInTheDocument();
    expect(within(second).getByText('After 2.5% fee').nextSibling).toHaveTextContent('39');

    const third = screen.getByTestId('incoming-offer-3');
    expect(within(third).queryByText('After 2.5% fee')).not.toBeInTheDocument();
    expect(within(third).getByText('Coins requested').nextSibling).toHaveTextContent('2,000');
  });

  it('accepts with an Idempotency-Key, then refreshes offers, user, cards and balance', async () => {
    const { calls, user, queryClient } = await openIncoming({
      'POST /api/trades/1/accept': { body: makeOffer({ id: 1, status: 'accepted' }) },
    });
    await screen.findByTestId('incoming-offer-1');
    const before = {
      incoming: count(calls, 'GET', '/api/trades/incoming'),
      outgoing: count(calls, 'GET', '/api/trades/outgoing'),
      user: count(calls, 'GET', '/api/user'),
    };

    await user.click(within(screen.getByTestId('incoming-offer-1')).getByRole('button', { name: 'Accept' }));
    await answer(user, 'Accept Trade');

    expect(await screen.findByText('Trade accepted')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'POST' && c.path === '/api/trades/1/accept');
    expect(headerOf(call, 'Idempotency-Key')).toBeTruthy();
    await waitFor(() => {
      expect(count(calls, 'GET', '/api/trades/incoming')).toBeGreaterThan(before.incoming);
      expect(count(calls, 'GET', '/api/trades/outgoing')).toBeGreaterThan(before.outgoing);
      expect(count(calls, 'GET', '/api/user')).toBeGreaterThan(before.user);
    });
    // The cards (shown on the Create tab, not mounted now) refetch when shown again.
    expect(queryClient.getQueryState(['cards', 'user'])?.isInvalidated).toBe(true);
  });

  it("toasts 'Failed to accept trade' with the server message", async () => {
    const { user } = await openIncoming({
      'POST /api/trades/1/accept': {
        status: 422,
        body: { message: 'The sender no longer has enough coins for this trade' },
      },
    });

    await user.click(
      within(await screen.findByTestId('incoming-offer-1')).getByRole('button', { name: 'Accept' }),
    );
    await answer(user, 'Accept Trade');
    expect(await screen.findByText('Failed to accept trade')).toBeInTheDocument();
    expect(screen.getByText('The sender no longer has enough coins for this trade')).toBeInTheDocument();
  });

  it("declines, and toasts 'Error processing request' when declining fails", async () => {
    const { calls, user } = await openIncoming({
      'POST /api/trades/1/decline': { body: makeOffer({ id: 1, status: 'declined' }) },
      'POST /api/trades/2/decline': { status: 409, body: { message: 'This offer is no longer pending' } },
    });

    await user.click(
      within(await screen.findByTestId('incoming-offer-1')).getByRole('button', { name: 'Decline' }),
    );
    await answer(user, 'Decline Offer');
    expect(await screen.findByText('Trade declined')).toBeInTheDocument();
    expect(
      headerOf(
        calls.find((c) => c.path === '/api/trades/1/decline'),
        'Idempotency-Key',
      ),
    ).toBeTruthy();

    await user.click(within(screen.getByTestId('incoming-offer-2')).getByRole('button', { name: 'Decline' }));
    await answer(user, 'Decline Offer');
    expect(await screen.findByText('Error processing request')).toBeInTheDocument();
    expect(screen.getByText('This offer is no longer pending')).toBeInTheDocument();
  });

  it('Accept asks first and states what moves: the cards and coins after the fee you get, what you give', async () => {
    const { calls, user } = await openIncoming();

    await user.click(
      within(await screen.findByTestId('incoming-offer-1')).getByRole('button', { name: 'Accept' }),
    );
    let dialog = await screen.findByRole('alertdialog', { name: "Accept bob's offer?" });
    expect(dialog).toHaveAccessibleDescription(/change hands at once.*cannot be undone/);
    const move = (label: string) => within(dialog).getByText(label).nextSibling;
    expect(move('You get')).toHaveTextContent('Stefan Frei (Rare) + 975 coins (1,000 less the 2.5% fee)');
    expect(move('You give')).toHaveTextContent('Nothing');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(within(screen.getByTestId('incoming-offer-3')).getByRole('button', { name: 'Accept' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('You give').nextSibling).toHaveTextContent('2,000 coins');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('Decline asks first, says nothing changes hands, and Keep Offer keeps it', async () => {
    const { calls, user } = await openIncoming();

    await user.click(
      within(await screen.findByTestId('incoming-offer-2')).getByRole('button', { name: 'Decline' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: "Decline carol's offer?" });
    expect(dialog).toHaveAccessibleDescription(/Nothing changes hands.*cannot be reopened/);
    expect(within(dialog).getByText('They offered').nextSibling).toHaveTextContent(
      `Obinna Nwobodo (${players.nwobodo.rarity}) + 41 coins`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Offer' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('incoming-offer-2')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows 'No incoming trade offers'", async () => {
    await openIncoming({}, []);
    expect(await screen.findByText('No incoming trade offers')).toBeInTheDocument();
  });

  it('treats a failing incoming list as empty', async () => {
    await openIncoming({ 'GET /api/trades/incoming': { status: 500, body: { message: 'Trading down' } } });
    expect(await screen.findByText('No incoming trade offers')).toBeInTheDocument();
    expect(screen.queryByText(/Trading down/)).not.toBeInTheDocument();
  });
});

describe('Trade Center: sent', () => {
  const sent = makeOffer({
    id: 5,
    coinOffer: 200,
    fromUser: { id: 7, username: 'alice' },
    toUser: { id: 13, username: 'carol' },
    cards: [makeCard({ id: 103, player: players.messi, acquiredAt: '2026-03-03T18:00:00.000Z' })],
  });

  async function openSent(extra: RouteHandlers = {}, list: TradeOffer[] = [sent]) {
    const fetch = setup({ outgoing: list }, extra);
    const rendered = renderApp('/trade');
    await rendered.user.click(await screen.findByRole('tab', { name: 'Sent' }));
    return { ...fetch, ...rendered };
  }

  it("shows the recipient, card, coins and 'Waiting for {name} to respond'; Cancel sends DELETE", async () => {
    const { calls, user } = await openSent({
      'DELETE /api/trades/5': { body: { ...sent, status: 'cancelled' } },
    });

    const offer = await screen.findByTestId('sent-offer-5');
    expect(within(offer).getByText('carol')).toBeInTheDocument();
    expect(within(offer).getByText('Lionel Messi')).toBeInTheDocument();
    expect(within(offer).getByText('Coin offer').nextSibling).toHaveTextContent('200');
    expect(within(offer).getByText('Waiting for carol to respond')).toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Cancel Offer' }));
    await answer(user, 'Cancel Offer');
    expect(await screen.findByText('Trade offer cancelled')).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'DELETE' && c.path === '/api/trades/5');
    expect(call).toBeDefined();
    expect(headerOf(call, 'Idempotency-Key')).toBeTruthy();
  });

  it("toasts 'Error cancelling trade' when cancelling fails", async () => {
    const { user } = await openSent({
      'DELETE /api/trades/5': { status: 409, body: { message: 'This offer is no longer pending' } },
    });

    await user.click(
      within(await screen.findByTestId('sent-offer-5')).getByRole('button', { name: 'Cancel Offer' }),
    );
    await answer(user, 'Cancel Offer');
    expect(await screen.findByText('Error cancelling trade')).toBeInTheDocument();
    expect(screen.getByText('This offer is no longer pending')).toBeInTheDocument();
  });

  it('Cancel Offer asks first; Keep Offer leaves the offer waiting', async () => {
    const { calls, user } = await openSent();

    await user.click(
      within(await screen.findByTestId('sent-offer-5')).getByRole('button', { name: 'Cancel Offer' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your offer to carol?' });
    expect(dialog).toHaveAccessibleDescription(/your cards and coins stay with you/);
    expect(within(dialog).getByText('You offered').nextSibling).toHaveTextContent(
      'Lionel Messi (Ultra Legendary) + 200 coins',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep Offer' }));

    expect(screen.getByText('Waiting for carol to respond')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("shows 'No outgoing trade offers'", async () => {
    await openSent({}, []);
    expect(await screen.findByText('No outgoing trade offers')).toBeInTheDocument();
  });

  it('shows 5 skeleton rows while the sent offers load', async () => {
    const { fetchMock } = setup();
    const answer = fetchMock.getMockImplementation()!;
    // The sent offers never answer.
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith('/api/trades/outgoing')
        ? new Promise<Response>(() => {})
        : answer(input, init),
    );
    const { user } = renderApp('/trade');
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));

    const loading = await screen.findByRole('status', { name: 'Loading sent offers' });
    expect(within(loading).getAllByTestId('offer-skeleton')).toHaveLength(5);
  });

  it('shows a load error of the sent offers with a retry', async () => {
    await openSent({ 'GET /api/trades/outgoing': { status: 503, body: { message: 'Trading unavailable' } } });
    expect(await screen.findByText('Trading unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
