import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AdminUser } from '@touchline/contract';

import { makeAdminUser, makeReport } from './admin-fixtures';
import { cells, expectAccessDenied } from './admin-pages';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

const users: AdminUser[] = [
  makeAdminUser({ id: 1, email: 'boss@example.com', isAdmin: true, banned: true, rank: null }),
  makeAdminUser({ id: 21, email: 'Player@Example.com', coins: 1_234_567, collectionValue: 98_765 }),
  makeAdminUser({
    id: 22,
    email: 'troll@example.com',
    banned: true,
    muted: true,
    flags: [{ code: 'one_way_flow', severity: 'warning', message: 'Sent 40,000 coins to one account' }],
  }),
  makeAdminUser({ id: 23, email: 'quiet@example.com', muted: true }),
];

function setup(extra: RouteHandlers = {}, isAdmin = true) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin }) },
    'GET /api/admin/wallet': { body: { profitWallet: 227_300, coins: 45_000 } },
    'GET /api/admin/users': { body: users },
    ...extra,
  });
}

async function openUsers() {
  const app = renderApp('/admin/dashboard');
  await app.user.click(await screen.findByRole('tab', { name: 'User Management' }));
  await screen.findByRole('table', { name: 'Users' });
  return app;
}

describe('/admin/dashboard', () => {
  it("shows 'Access Denied' to a non-admin and asks for nothing admin", async () => {
    const { calls } = setup({}, false);
    renderApp('/admin/dashboard');
    await expectAccessDenied(calls);
  });

  it('shows the profit wallet in coins and dollars at 2,273 coins per dollar, the balance and the link cards', async () => {
    setup();
    renderApp('/admin/dashboard');
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Overview',
      'Cashout Requests',
      'User Management',
      'Challenges',
      'Audit Log',
    ]);
    const wallet = await screen.findByRole('region', { name: 'Admin Profit Wallet' });
    expect(await within(wallet).findByText('227,300 coins')).toBeInTheDocument();
    expect(within(wallet).getByText('≈ $100.00')).toBeInTheDocument();
    expect(
      within(wallet).getByText('Includes 2.5% fee from all P2P transactions and 12% fee from cashouts'),
    ).toBeInTheDocument();
    expect(
      within(wallet).getByText('It also takes the 10–15% marketplace fee from every card sale.'),
    ).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Your Admin Balance' });
    expect(within(balance).getByText('45,000 coins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Cashout Requests/ })).toHaveAttribute('href', '/admin/cashout');
    expect(screen.getByRole('link', { name: /Go to the market/ })).toHaveAttribute('href', '/market');
    expect(screen.getByRole('link', { name: /Squad Challenges/ })).toHaveAttribute(
      'href',
      '/admin/challenges',
    );
    expect(screen.queryByRole('link', { name: /User Management/ })).not.toBeInTheDocument();
  });

  it('the Cashout Requests tab goes to /admin/cashout', async () => {
    setup({ 'GET /api/admin/cashout/requests': { body: [] } });
    const { user, router } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Cashout Requests' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/cashout'));
  });

  it('lists users with status priority Admin > Banned > Muted > Active, rank N/A and flags', async () => {
    setup();
    await openUsers();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'ID',
      'Email',
      'Coins',
      'Collection Value',
      'Cards',
      'Rank',
      'Joined',
      'Spent',
      'Purchases',
      'Status',
      'Flags',
      'Actions',
    ]);
    expect(cells(screen.getByTestId('user-1')).slice(5, 7)).toEqual(['N/A', 'Jan 10, 2026']);
    expect(cells(screen.getByTestId('user-1'))[9]).toBe('Admin');
    // Username above the e-mail (issue 30 item 5).
    expect(cells(screen.getByTestId('user-21')).slice(0, 10)).toEqual([
      '21',
      'playerPlayer@Example.com',
      '1,234,567',
      '98,765',
      '3',
      '4',
      'Jan 10, 2026',
      '$0.00',
      'No purchases',
      'Active',
    ]);
    expect(cells(screen.getByTestId('user-22'))[9]).toBe('Banned');
    expect(cells(screen.getByTestId('user-22'))[10]).toBe('one way flow');
    // A mute says until when (or Permanent) beside the badge.
    expect(cells(screen.getByTestId('user-23'))[9]).toBe('MutedPermanent');
    // Admins cannot be moderated here.
    expect(within(screen.getByTestId('user-1')).queryByRole('button', { name: 'Manage User' })).toBeNull();
  });

  it('searches by e-mail, case-insensitive, with its empty texts', async () => {
    setup();
    const { user } = await openUsers();
    await user.type(screen.getByLabelText('Search users by email...'), 'PLAYER@');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('user-21')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search users by email...'), 'nobody');
    expect(screen.getByText('No users match your search.')).toBeInTheDocument();
  });

  it("says 'No users found.' when there are none", async () => {
    setup({ 'GET /api/admin/users': { body: [] } });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'User Management' }));
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it("says 'Loading users...' while the list is on its way", async () => {
    const { fetchMock } = setup();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/api/admin/users') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'User Management' }));
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
  });

  it('shows the error text', async () => {
    setup({ 'GET /api/admin/users': { status: 503, body: { message: 'Try again shortly' } } });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'User Management' }));
    expect(await screen.findByText('Error loading users: Try again shortly')).toBeInTheDocument();
  });

  it('bans after the confirmation and toasts; unmute asks with its own text', async () => {
    const { calls } = setup({
      'POST /api/admin/users/21/ban': { body: makeAdminUser({ id: 21, banned: true }) },
      'POST /api/admin/users/23/mute': { body: makeAdminUser({ id: 23, muted: false }) },
    });
    const { user } = await openUsers();
    await user.click(within(screen.getByTestId('user-21')).getByRole('button', { name: 'Manage User' }));
    const menu = await screen.findByRole('menu', { name: 'Manage User' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Ban User', 'Mute User', 'View Profile', 'View Trade History']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Ban User' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('This will prevent the user from accessing the platform.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ban User' }));
    expect(await screen.findByText('User status updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/users/21/ban',
      body: { banned: true },
    });

    await user.click(within(screen.getByTestId('user-23')).getByRole('button', { name: 'Manage User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute User' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('This will allow the user to send messages again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unmute User' }));
    expect(await screen.findByText('User message status updated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[1]).toMatchObject({
      path: '/api/admin/users/23/mute',
      body: { muted: false },
    });
  });

  it("'View Profile' shows the user's account, purchases and spending limit; 'View Trade History' their trades", async () => {
    const spender = makeAdminUser({
      id: 24,
      email: 'spender@example.com',
      username: 'spender',
      purchaseTotal: 60,
      purchaseCount: 3,
      spendingLimit: 100,
    });
    const { calls } = setup({
      'GET /api/admin/users': { body: [...users, spender] },
      'GET /api/admin/users/24/trade-history': {
        body: {
          nextCursor: null,
          items: [
            {
              id: 9,
              createdAt: '2026-03-02T15:30:00',
              playerName: 'Lionel Messi',
              playerId: 10,
              rarity: 'Ultra Legendary',
              tradeType: 'trade',
              sellerUserId: 24,
              buyerUserId: 31,
              sellerUsername: 'spender',
              buyerUsername: 'ana.ux',
              salePrice: 4_500,
              profitLoss: 500,
              cardId: 77,
            },
            {
              id: 8,
              createdAt: '2026-03-01T10:00:00',
              playerName: 'Brad Guzan',
              playerId: 3,
              rarity: 'Rare',
              tradeType: 'market_buy',
              sellerUserId: 0,
              buyerUserId: 24,
              sellerUsername: null,
              buyerUsername: 'spender',
              salePrice: 1_200,
              profitLoss: 0,
              cardId: 78,
            },
          ],
        },
      },
    });
    const { user } = await openUsers();
    const manage = () =>
      user.click(within(screen.getByTestId('user-24')).getByRole('button', { name: 'Manage User' }));

    await manage();
    await user.click(await screen.findByRole('menuitem', { name: 'View Profile' }));
    const profile = await screen.findByRole('dialog', { name: 'User Profile' });
    const field = (label: string) => within(profile).getByText(label).nextElementSibling?.textContent;
    expect(field('Username')).toBe('spender');
    expect(field('Spent')).toBe('$60.00 (3 purchases)');
    expect(field('Monthly Spending Limit')).toBe('$100.00');
    expect(field('Last Login')).toBe('Mar 1, 2026 at 9:15 AM');
    await user.click(within(profile).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'User Profile' })).toBeNull());

    await manage();
    await user.click(await screen.findByRole('menuitem', { name: 'View Trade History' }));
    const history = await screen.findByRole('dialog', {
      name: 'Trade History: spender (spender@example.com)',
    });
    const table = await within(history).findByRole('table', { name: 'User trade history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Mar 2, 2026 at 3:30 PM', 'Lionel Messi', 'Trade', 'This user', 'ana.ux', '4,500'],
      ['Mar 1, 2026 at 10:00 AM', 'Brad Guzan', 'Market Buy', 'Market', 'This user', '1,200'],
    ]);
    expect(calls.some((c) => c.path === '/api/admin/users/24/trade-history')).toBe(true);
    // Viewing changes nothing: no POST was sent.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 20_000);

  it("'View Profile' shows a review hold with its reason, and 'Clear Hold' ends it after a confirmation", async () => {
    const ring = '3 accounts younger than 7 days sent 28,500 coins net (users #31, #32, #33)';
    const held = {
      held: true,
      reason: ring,
      heldAt: '2026-03-03T10:00:00',
      clearedAt: null,
      clearedByUserId: null,
    };
    const cleared = { ...held, held: false, clearedAt: '2026-03-04T09:30:00', clearedByUserId: 1 };
    let hold: typeof held | typeof cleared = held;
    const { calls } = setup({
      'GET /api/admin/users/21/flags': () => ({
        body: { ...makeReport({ flagged: true }), hold },
      }),
      'POST /api/admin/users/21/fraud-hold/clear': () => {
        hold = cleared;
        return { body: cleared };
      },
    });
    const { user } = await openUsers();
    await user.click(within(screen.getByTestId('user-21')).getByRole('button', { name: 'Manage User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View Profile' }));
    const profile = await screen.findByRole('dialog', { name: 'User Profile' });
    const section = await within(profile).findByRole('region', { name: 'Review hold' });
    expect(within(section).getByText('Outgoing coins and cash-outs on hold')).toBeInTheDocument();
    expect(within(section).getByText('Since Mar 3, 2026 at 10:00 AM')).toBeInTheDocument();
    expect(within(section).getByText(ring)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Clear Hold' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear Review Hold' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear Hold' }));
    expect(await screen.findByText('Hold cleared')).toBeInTheDocument();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ path: '/api/admin/users/21/fraud-hold/clear', body: {} });
    expect(new Headers(posted[0]!.init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(
      await within(profile).findByText('Review hold cleared Mar 4, 2026 at 9:30 AM.'),
    ).toBeInTheDocument();
  });

  it("shows unban and mute texts, and toasts 'Action failed' with the server's message", async () => {
    setup({ 'POST /api/admin/users/22/ban': { status: 403, body: { message: 'Admins only' } } });
    const { user } = await openUsers();
    await user.click(within(screen.getByTestId('user-21')).getByRole('button', { name: 'Manage User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute User' }));
    expect(
      within(await screen.findByRole('alertdialog')).getByText(
        'This will prevent the user from sending messages to other users.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByTestId('user-22')).getByRole('button', { name: 'Manage User' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unban User' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('This will allow the user to access the platform again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unban User' }));
    expect(await screen.findByText('Action failed')).toBeInTheDocument();
    expect(screen.getByText('Admins only')).toBeInTheDocument();
  });
});
