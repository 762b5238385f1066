import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { TradeOffer } from '@touchline/contract';

import { collection, teams } from './card-fixtures';
import { makeOffer, usernames } from './trade-fixtures';
import { makeUser, mockFetch, renderApp, type MockResponse } from './utils';

function setup(incoming: MockResponse) {
  return mockFetch({
    'GET /api/user': { body: makeUser() },
    'GET /api/user/cards': { body: collection },
    'GET /api/teams': { body: teams },
    'GET /api/users/usernames': { body: usernames },
    'GET /api/trades/incoming': incoming,
    'GET /api/trades/outgoing': { body: [] },
  });
}

const offers = (n: number): TradeOffer[] => Array.from({ length: n }, (_, i) => makeOffer({ id: i + 1 }));

const profileTab = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Profile' });

describe('incoming trades: profile banner', () => {
  it("shows a red alert with 'View Trade Requests' to /trade, which opens the Incoming tab", async () => {
    setup({ body: offers(2) });
    const { user, router } = renderApp('/profile');

    const banner = await screen.findByTestId('incoming-trades-banner');
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveClass('bg-rose-500/15');
    expect(within(banner).getByText('You have 2 pending trade requests')).toBeInTheDocument();
    const link = within(banner).getByRole('link', { name: 'View Trade Requests' });
    expect(link).toHaveAttribute('href', '/trade');

    await user.click(link);
    expect(router.state.location.pathname).toBe('/trade');
    expect(await screen.findByRole('tab', { name: 'Incoming' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('incoming-offer-1')).toBeInTheDocument();
  });

  it('says 1 request in the singular', async () => {
    setup({ body: offers(1) });
    renderApp('/profile');
    expect(await screen.findByText('You have 1 pending trade request')).toBeInTheDocument();
  });

  it('shows no banner without incoming trades, or when they fail to load', async () => {
    setup({ body: [] });
    const { unmount } = renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Collection overview' });
    expect(screen.queryByText('View Trade Requests')).not.toBeInTheDocument();
    unmount();

    setup({ status: 500, body: { message: 'Trading down' } });
    renderApp('/profile');
    await screen.findByRole('region', { name: 'Collection overview' });
    expect(screen.queryByText('View Trade Requests')).not.toBeInTheDocument();
  });
});

describe('incoming trades: bottom navigation', () => {
  it('puts a red dot on the Profile tab while incoming trades exist', async () => {
    const { calls } = setup({ body: offers(3) });
    renderApp('/');

    await screen.findByText('Welcome back, alice');
    expect(await within(profileTab()).findByTestId('incoming-trades-dot')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/trades/incoming')).toBe(true);
  });

  it('shows no dot when there are none, or when the list fails', async () => {
    setup({ body: [] });
    const { unmount, queryClient } = renderApp('/');
    await screen.findByText('Welcome back, alice');
    await waitFor(() => expect(queryClient.getQueryData(['trades', 'incoming'])).toEqual([]));
    expect(screen.queryByTestId('incoming-trades-dot')).not.toBeInTheDocument();
    unmount();

    setup({ status: 503, body: { message: 'Trading down' } });
    const second = renderApp('/');
    await screen.findByText('Welcome back, alice');
    await waitFor(() => expect(second.queryClient.getQueryData(['trades', 'incoming'])).toEqual([]));
    expect(screen.queryByTestId('incoming-trades-dot')).not.toBeInTheDocument();
  });

  it('drops the dot once the last incoming offer is accepted', async () => {
    let pending = offers(1);
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'GET /api/user/cards': { body: collection },
      'GET /api/users/usernames': { body: usernames },
      'GET /api/trades/incoming': () => ({ body: pending }),
      'GET /api/trades/outgoing': { body: [] },
      'POST /api/trades/1/accept': () => {
        pending = [];
        return { body: makeOffer({ id: 1, status: 'accepted' }) };
      },
    });
    const { user } = renderApp('/trade');

    await user.click(await screen.findByRole('tab', { name: 'Incoming' }));
    expect(await within(profileTab()).findByTestId('incoming-trades-dot')).toBeInTheDocument();
    await user.click(
      within(await screen.findByTestId('incoming-offer-1')).getByRole('button', { name: 'Accept' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Accept Trade' }),
    );

    expect(await screen.findByText('No incoming trade offers')).toBeInTheDocument();
    expect(screen.queryByTestId('incoming-trades-dot')).not.toBeInTheDocument();
  });

  it('does not ask for incoming trades when signed out', async () => {
    const { calls } = mockFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    renderApp('/nope');

    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/trades'))).toBe(false);
  });
});
