import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { BottomNav } from '@/components/BottomNav';

import { makeUser, mockFetch, renderApp } from './utils';

describe('home and layout', () => {
  it('greets the user and shows the balance, summary and bottom navigation', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser({ coins: 1234567, rank: null, badge: '' }) } });
    renderApp('/');

    expect(await screen.findByText('Welcome back, alice')).toBeInTheDocument();
    expect(screen.getByText('Balance: 1,234,567')).toBeInTheDocument();
    expect(screen.getByText('#?')).toBeInTheDocument();
    expect(screen.getByText('Rookie')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(screen.queryByText('Admin Tools')).not.toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Market',
      'Shop',
      'Collection',
      'Catalog',
      'Profile',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/market',
      '/shop',
      '/collection',
      '/catalog',
      '/profile',
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides the balance pill when coins are unknown', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser({ coins: undefined }) } });
    renderApp('/');

    expect(await screen.findByText('Welcome back, alice')).toBeInTheDocument();
    expect(screen.queryByText(/Balance:/)).not.toBeInTheDocument();
  });

  it('shows the admin links to admins', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser({ isAdmin: true }) } });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Admin Tools' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('has no Logout button on home (it lives on the profile)', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    renderApp('/');

    expect(await screen.findByText('Welcome back, alice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('logs out from the profile and goes to /auth', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: makeUser() },
      'POST /api/logout': { body: { success: true } },
    });
    const { user, router, queryClient } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been logged out successfully')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['user'])).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
  });

  it("toasts 'Logout failed' when logout fails", async () => {
    mockFetch({
      'GET /api/user': { body: makeUser() },
      'POST /api/logout': { status: 500, body: { message: 'Session store down' } },
    });
    const { user, router } = renderApp('/profile');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store down')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('marks the Profile tab when incoming trades exist', () => {
    const router = createMemoryRouter([{ path: '*', element: <BottomNav hasIncomingTrades /> }]);
    render(<RouterProvider router={router} />);
    const profile = screen.getByRole('link', { name: 'Profile' });
    expect(within(profile).getByTestId('incoming-trades-dot')).toBeInTheDocument();
  });

  it('shows no dot without incoming trades', () => {
    const router = createMemoryRouter([{ path: '*', element: <BottomNav /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.queryByTestId('incoming-trades-dot')).not.toBeInTheDocument();
  });
});
