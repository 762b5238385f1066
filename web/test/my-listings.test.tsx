import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MarketStatus, OwnListing } from '@touchline/contract';

import { makeCard, players } from './card-fixtures';
import { marketClosed, marketOpen } from './market-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

// Issue 43: the Market's 'My Listings' tab.

function listing(overrides: Partial<OwnListing> = {}): OwnListing {
  const card = {
    ...makeCard({
      id: 104,
      player: players.guzan,
      editionNumber: 88,
      acquiredAt: '2026-03-04T18:00:00.000Z',
    }),
    forSale: true,
  };
  return {
    listingId: 55,
    card,
    price: 1_200,
    feePercent: 15,
    estimatedProceeds: 1_020,
    listedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    marketPriceAtListing: 1_000,
    currentPrice: 1_180,
    status: 'active',
    ...overrides,
  };
}

function setup(items: OwnListing[], status: MarketStatus = marketOpen, extra: RouteHandlers = {}) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/market/status': { body: status },
    'GET /api/market/my-listings': { body: { items, nextCursor: null } },
    ...extra,
  });
}

describe('My Listings', () => {
  it('shows each listing’s price, fee, time listed and the market price then and now', async () => {
    setup([listing()]);
    renderApp('/market/listings');
    const row = await screen.findByTestId('own-listing-104');
    expect(within(row).getByRole('heading', { name: 'Brad Guzan' })).toBeInTheDocument();
    expect(within(row).getByText('Listed for 1,200')).toBeInTheDocument();
    expect(within(row).getByText('15% fee: you receive 1,020 coins')).toBeInTheDocument();
    expect(within(row).getByText('Listed 5 mins ago')).toBeInTheDocument();
    expect(within(row).getByText('Market price 1,000 when listed, 1,180 now')).toBeInTheDocument();
    expect(within(row).getByText('+18.0%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Listings' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when nothing is listed, with the way to the collection', async () => {
    setup([]);
    renderApp('/market/listings');
    expect(await screen.findByText('You have no cards listed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Collection' })).toHaveAttribute('href', '/collection');
  });

  it('withdraws after asking, with one key for the confirmation', async () => {
    const { calls } = setup([listing()], marketOpen, {
      'POST /api/market/withdraw/104': {
        body: { card: makeCard({ id: 104, player: players.guzan, acquiredAt: '2026-03-04T18:00:00.000Z' }) },
      },
    });
    const { user } = renderApp('/market/listings');
    await user.click(await screen.findByRole('button', { name: 'Withdraw Brad Guzan' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw listing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/market/withdraw/104');
    expect(new Headers(post.init?.headers).get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('changes the price with the fee of the new price, and sends the fee shown', async () => {
    const { calls } = setup([listing()], marketOpen, {
      'POST /api/market/reprice/104': (body) => ({
        body: {
          card: listing().card,
          listingId: 56,
          price: (body as { price: number }).price,
          feePercent: 10,
          estimatedProceeds: 1_008,
        },
      }),
    });
    const { user } = renderApp('/market/listings');
    await user.click(await screen.findByRole('button', { name: 'Change price of Brad Guzan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Price' });
    const input = within(dialog).getByLabelText('New Price');
    await user.clear(input);
    await user.type(input, '5000');
    expect(within(dialog).getByText('Price must be between 590 and 1,770 coins')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Price' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '1120');
    expect(within(dialog).getByText('10% marketplace fee: 112 coins')).toBeInTheDocument();
    expect(within(dialog).getByText('You receive 1,008 coins')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'List for 1,120' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/market/reprice/104')).toBe(true));
    expect(calls.find((c) => c.path === '/api/market/reprice/104')!.body).toEqual({
      price: 1120,
      expectedFeePercent: 10,
    });
  });

  it('cannot re-price while the market is closed, and a listing being paid for has no actions', async () => {
    setup(
      [listing(), listing({ listingId: 57, card: { ...listing().card, id: 105 }, status: 'settling' })],
      marketClosed,
    );
    const { user } = renderApp('/market/listings');
    const settling = await screen.findByTestId('own-listing-105');
    expect(within(settling).getByText('A buyer is paying for this card right now')).toBeInTheDocument();
    expect(within(settling).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change price of Brad Guzan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Price' });
    expect(within(dialog).getByText(/You can only sell cards when the market is open/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'List for 1,200' })).toBeDisabled();
  });
});
