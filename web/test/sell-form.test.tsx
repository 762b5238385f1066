import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Card } from '@touchline/contract';
import type { MarketStatus } from '@touchline/contract';

import { collection, makeCard, players, teams } from './card-fixtures';
import { marketClosed, marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

function setup(status: MarketStatus = marketOpen, cards: Card[] = collection, extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: cards },
    'GET /api/teams/with-player-counts': { body: teams },
    'GET /api/market/status': { body: status },
    ...extra,
  });
}

/** Opens the popup of Brad Guzan (current price 1,180) from the grid. */
async function openGuzan() {
  const rendered = renderApp('/collection');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Grid View' }));
  await rendered.user.click(screen.getByRole('button', { name: /^Brad Guzan,/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Brad Guzan' });
  return { ...rendered, dialog };
}

describe('card detail popup: selling', () => {
  it('opens the sell form with Min, Current, Max, the fee and the proceeds for the current price', async () => {
    setup();
    const { user, dialog } = await openGuzan();

    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));

    const form = within(dialog).getByRole('form', { name: 'Sell card' });
    expect(within(form).getByLabelText('Selling Price')).toHaveValue(1180);
    expect(within(form).getByText('Min').nextSibling).toHaveTextContent('590');
    expect(within(form).getByText('Current').nextSibling).toHaveTextContent('1,180');
    expect(within(form).getByText('Max').nextSibling).toHaveTextContent('1,770');
    expect(within(form).getByText('10% marketplace fee: 118 coins')).toBeInTheDocument();
    expect(within(form).getByText('Estimated proceeds: 1,062 coins')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Confirm Sale' })).toBeEnabled();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('updates the fee for the entered price (15% above the current price, rounded down)', async () => {
    setup();
    const { user, dialog } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));
    const input = within(dialog).getByLabelText('Selling Price');

    await user.clear(input);
    await user.type(input, '1239');
    expect(within(dialog).getByText('15% marketplace fee: 185 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('Estimated proceeds: 1,054 coins')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '1180');
    expect(within(dialog).getByText('10% marketplace fee: 118 coins')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '2000');
    expect(within(dialog).queryByText(/marketplace fee/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Sale' })).toBeDisabled();
  });

  it('Cancel returns to the popup view', async () => {
    setup();
    const { user, dialog } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(within(dialog).queryByRole('form', { name: 'Sell card' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sell Card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Trade Card' })).toBeEnabled();
  });

  it('Confirm Sale posts the price with an Idempotency-Key, toasts and closes the popup', async () => {
    const guzan = collection.find((card) => card.id === 104)!;
    const { calls } = setup(marketOpen, collection, {
      'POST /api/market/sell/104': (body) => ({
        body: {
          card: { ...guzan, forSale: true, listingPrice: (body as { price: number }).price },
          listingId: 55,
          price: (body as { price: number }).price,
          feePercent: 15,
          estimatedProceeds: 1054,
        },
      }),
    });
    const { user, dialog } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));
    const input = within(dialog).getByLabelText('Selling Price');
    await user.clear(input);
    await user.type(input, '1239');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    expect(await screen.findByText('Card listed for sale')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Brad Guzan' })).not.toBeInTheDocument());
    const sale = calls.find((call) => call.method === 'POST' && call.path === '/api/market/sell/104')!;
    // The rate the form showed goes along, so the server never lists at another one.
    expect(sale.body).toEqual({ price: 1239, expectedFeePercent: 15 });
    expect(
      screen.getByText(
        'Brad Guzan is listed for 1,239 coins at a 15% fee, fixed until it sells. Estimated proceeds: 1,054 coins.',
      ),
    ).toBeInTheDocument();
    const headers = sale.init!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The collection is refetched after the sale.
    expect(calls.filter((call) => call.path === '/api/user/cards').length).toBeGreaterThan(1);
  });

  it("toasts 'Failed to sell card' with the server message and keeps the form", async () => {
    setup(marketOpen, collection, {
      'POST /api/market/sell/104': { status: 409, body: { message: 'This card is already listed for sale' } },
    });
    const { user, dialog } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    expect(await screen.findByText('Failed to sell card')).toBeInTheDocument();
    expect(screen.getByText('This card is already listed for sale')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Brad Guzan' })).toBeInTheDocument();
  });

  it('refetches the card after a refusal, so a price that moved shows the fee it now costs', async () => {
    const { calls } = setup(marketOpen, collection, {
      'POST /api/market/sell/104': {
        status: 409,
        body: { message: 'The current price moved to 1,100 coins: the fee for this price is now 15%' },
      },
    });
    const { user, dialog } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));
    const before = calls.filter((call) => call.path === '/api/user/cards').length;

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    expect(
      await screen.findByText('The current price moved to 1,100 coins: the fee for this price is now 15%'),
    ).toBeInTheDocument();
    const sale = calls.find((call) => call.method === 'POST' && call.path === '/api/market/sell/104')!;
    expect(sale.body).toEqual({ price: 1180, expectedFeePercent: 10 });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/cards').length).toBeGreaterThan(before),
    );
  });

  it('blocks the sale client-side when the market has closed meanwhile', async () => {
    let status = marketOpen;
    const { calls } = setup(marketOpen, collection, {
      'GET /api/market/status': () => ({ body: status }),
    });
    const { user, dialog, queryClient } = await openGuzan();
    await user.click(await within(dialog).findByRole('button', { name: 'Sell Card' }));

    status = marketClosed;
    await queryClient.refetchQueries({ queryKey: ['market', 'status'] });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Sale' }));

    expect(await screen.findByText('Market is closed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You can only sell cards when the market is open (9:30 AM - 4:00 PM ET, Monday-Friday).',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("hides 'Sell Card' while the market is closed", async () => {
    setup(marketClosed);
    const { dialog } = await openGuzan();

    expect(
      await within(dialog).findByText('You can sell this card when the market opens.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sell Card' })).not.toBeInTheDocument();
  });

  it("shows a listed card's price with 'Remove Listing', which withdraws it", async () => {
    const listed = {
      ...makeCard({
        id: 104,
        player: players.guzan,
        editionNumber: 88,
        acquiredAt: '2026-03-04T18:00:00.000Z',
        forSale: true,
      }),
      listingPrice: 1500,
      listingFeePercent: 15,
    };
    let cards: Card[] = [listed];
    const { calls } = setup(marketOpen, cards, {
      'GET /api/user/cards': () => ({ body: cards }),
      'POST /api/market/withdraw/104': () => {
        cards = [{ ...listed, forSale: false, listingPrice: null, listingFeePercent: null }];
        return { body: { card: cards[0] } };
      },
    });
    const { user, dialog } = await openGuzan();

    expect(within(dialog).getByText('Listed for 1,500')).toBeInTheDocument();
    // The rate fixed on the listing, not today's: 15% of 1,500 is 225.
    expect(within(dialog).getByText('15% fee fixed at listing: you receive 1,275 coins')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sell Card' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Trade Card' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Listing' }));

    expect(await screen.findByText('Listing removed')).toBeInTheDocument();
    const withdraw = calls.find((call) => call.path === '/api/market/withdraw/104')!;
    expect(withdraw.body).toEqual({});
    expect((withdraw.init!.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    // The popup follows the refreshed card: sellable again.
    expect(await within(dialog).findByRole('button', { name: 'Sell Card' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Trade Card' })).toBeEnabled();
  });
});

describe('My Collection: market closed bar', () => {
  it("reads 'Market closed' and the next event while the market is closed", async () => {
    setup(marketClosed);
    renderApp('/collection');

    expect(await screen.findByText('Market closed · Opens Monday 9:30 AM ET')).toBeInTheDocument();
  });

  it('is absent while the market is open', async () => {
    setup(marketOpen);
    renderApp('/collection');

    expect(await screen.findByRole('tab', { name: 'Team View' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Market closed/)).not.toBeInTheDocument());
  });
});
