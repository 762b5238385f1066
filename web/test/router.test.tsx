import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';

import { makeUser, mockFetch, renderApp, signedOut } from './utils';

const signedIn = { 'GET /api/user': { body: makeUser() } };

describe('router', () => {
  it("shows '404 Page Not Found' for a path the app does not have, inside the layout, when signed in", async () => {
    mockFetch(signedIn);
    renderApp('/trophy-room');

    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("shows '404 Page Not Found' for an unknown path when signed in", async () => {
    mockFetch(signedIn);
    const { router } = renderApp('/nope');

    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nope');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("shows '404 Page Not Found' for an unknown path when signed out", async () => {
    mockFetch({ 'GET /api/user': signedOut });
    const { router } = renderApp('/nope/deeper');

    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nope/deeper');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor of / to /auth', async () => {
    mockFetch({ 'GET /api/user': signedOut });
    const { router } = renderApp('/');

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it.each(Object.values(paths).filter((p) => p !== paths.auth))(
    'sends a signed-out visitor of %s to /auth',
    async (path) => {
      mockFetch({ 'GET /api/user': signedOut });
      const { router } = renderApp(path);

      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/auth');
    },
  );

  /** Built screens and their header titles; every other path shows the not-found screen until it lands. */
  const builtScreens: Record<string, string> = {
    [paths.profile]: 'Profile',
    [paths.collection]: 'My Collection',
    [paths.catalog]: 'Player Catalog',
    [paths.teams]: 'MLS Team Rosters',
    [paths.market]: 'Market',
    [paths.marketStock]: 'Player Market',
    [paths.tradeHistory]: 'Trade History',
    [paths.marketListings]: 'My Listings',
    [paths.watchlist]: 'Watchlist',
    [paths.auctions]: 'Auctions',
    [paths.matchday]: 'Matchday',
    [paths.matchdayHistory]: 'Past lineups',
    [paths.challenges]: 'Squad Challenges',
    [paths.trade]: 'Trade Center',
    [paths.tradeMarketplace]: 'Trade Marketplace',
    [paths.shop]: 'Shop',
    [paths.purchaseCoins]: 'Purchase Coins',
    [paths.purchaseCoinsSuccess]: 'Purchase Coins',
    [paths.missions]: 'Missions',
    [paths.leaderboard]: 'Leaderboard',
    [paths.cashout]: 'Cash Out',
    // Admin screens: a non-admin sees the denial under the 'Admin' header.
    [paths.adminCashout]: 'Admin',
    [paths.adminDashboard]: 'Admin',
    [paths.adminChallenges]: 'Admin',
    [paths.adminMatchdays]: 'Admin',
    [paths.admin]: 'Admin',
    [paths.notifications]: 'Notifications',
  };

  it.each(Object.entries(builtScreens))('renders %s (%s)', async (path, title) => {
    mockFetch(signedIn);
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
  });

  it.each(Object.values(paths).filter((p) => p !== paths.auth && p !== paths.home && !(p in builtScreens)))(
    'registers %s (not-found screen until it is built)',
    async (path) => {
      mockFetch(signedIn);
      const { router } = renderApp(path);

      expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('never passes a signed-in player through /auth while the screen renders after the session arrives', async () => {
    // The guard renders the screen from a deferred copy of the session (guards.tsx): the render in
    // which the session has arrived but the copy has not must keep the spinner, not redirect.
    mockFetch(signedIn);
    const { router } = renderApp(paths.profile);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(visited).not.toContain(paths.auth);
    expect(router.state.location.pathname).toBe(paths.profile);
  });

  it('shows a spinner while the session loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp('/');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('offers a retry when the session check fails', async () => {
    mockFetch({ 'GET /api/user': { status: 503, body: { message: 'Service unavailable' } } });
    renderApp('/');

    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
