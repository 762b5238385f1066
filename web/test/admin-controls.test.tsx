import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CollectionCard } from '@touchline/contract';

import { makeAdminUser } from './admin-fixtures';
import { makeUser, mockFetch, renderApp, type RouteHandlers } from './utils';

function makeCollectionCard(overrides: Partial<CollectionCard> = {}): CollectionCard {
  return {
    id: 1,
    isMessi: false,
    rarity: 'Common',
    position: 'Forward',
    edition: 3,
    maxEditions: 100,
    imageUrl: '',
    playerName: 'Brad Guzan',
    teamName: 'Atlanta United',
    currentPrice: 1_180,
    ...overrides,
  };
}

const cards = [
  makeCollectionCard({ id: 1 }),
  makeCollectionCard({ id: 2, playerName: 'Jordi Alba', rarity: 'Legendary', position: 'Defender' }),
  makeCollectionCard({ id: 3, playerName: 'Lionel Messi', rarity: 'Ultra Legendary', isMessi: true }),
];

function setup(extra: RouteHandlers = {}, isAdmin = true) {
  return mockFetch({
    'GET /api/user': { body: makeUser({ isAdmin }) },
    'GET /api/admin/collection-cards': { body: { cards } },
    'GET /api/admin/users': {
      body: [
        makeAdminUser({
          id: 5,
          email: 'b@example.com',
          username: 'zed',
          coins: 300,
          purchaseTotal: 20,
          purchaseCount: 1,
        }),
        makeAdminUser({
          id: 6,
          email: 'a@example.com',
          username: 'amy',
          coins: 100,
          isAdmin: true,
          lastLoginAt: null,
        }),
        makeAdminUser({ id: 7, email: 'c@example.com', username: 'cat', coins: 200 }),
      ],
    },
    ...extra,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('/admin', () => {
  it("shows 'Admin Access Required' to a non-admin", async () => {
    const { calls } = setup({}, false);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument();
    expect(screen.getByText('You need admin privileges to access this page.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it('shows the cards and selects non-Messi cards only', async () => {
    setup();
    const { user } = renderApp('/admin');
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Card Selection',
      'Quick Actions',
      'Users',
    ]);
    await screen.findByTestId('admin-card-1');
    expect(within(screen.getByTestId('admin-card-1')).getByText('#3/100')).toBeInTheDocument();
    expect(within(screen.getByTestId('admin-card-1')).getByText('1,180 coins')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Lionel Messi #3' })).toBeDisabled();
    await user.click(screen.getByTestId('admin-card-3'));
    expect(screen.getByRole('button', { name: 'Transfer 0 Card(s)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select All Non-Messi' }));
    expect(screen.getByRole('button', { name: 'Transfer 2 Card(s)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Selection' }));
    await user.click(screen.getByTestId('admin-card-2'));
    expect(screen.getByRole('checkbox', { name: 'Select Jordi Alba #3' })).toBeChecked();
  });

  it("filters by rarity, by position and with 'Hide Messi Cards'", async () => {
    setup();
    const { user } = renderApp('/admin');
    await screen.findByTestId('admin-card-1');
    expect(
      Array.from(screen.getByRole('combobox', { name: 'Position' }).querySelectorAll('option')).map(
        (o) => o.textContent,
      ),
    ).toEqual(['All', 'Defender', 'Forward']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), 'Defender');
    expect(screen.queryByTestId('admin-card-1')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Position' }), '');
    await user.click(screen.getByRole('checkbox', { name: 'Hide Messi Cards' }));
    expect(screen.queryByTestId('admin-card-3')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rarity' }), 'Epic');
    expect(screen.getByText('No cards match your filter criteria')).toBeInTheDocument();
  });

  it("toasts 'No Cards Selected' and sends nothing without a selection", async () => {
    const { calls } = setup();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Transfer 0 Card(s)' }));
    expect(await screen.findByText('No Cards Selected')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one card to transfer.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("transfers the selection after the app's confirmation and shows the result in words", async () => {
    const native = vi.spyOn(window, 'confirm');
    const result = { success: true, transferred: 1, remaining: 2, error: null };
    const { calls } = setup({ 'POST /api/admin/transfer-to-shop': { body: result } });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-card-1'));
    await user.click(screen.getByRole('button', { name: 'Transfer 1 Card(s)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Transfer Selected Cards?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to transfer 1 selected cards to the shop? This cannot be undone.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Cards Transferred')).toBeInTheDocument();
    expect(
      screen.getByText('Successfully transferred 1 cards to the shop. You have 2 cards remaining.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ cardIds: [1] });
    const summary = screen.getByRole('region', { name: 'Last operation result' });
    expect(within(summary).getByText('Last operation result: Succeeded')).toBeInTheDocument();
    expect(within(summary).getByText('1 card')).toBeInTheDocument();
    expect(within(summary).getByText('2 cards')).toBeInTheDocument();
    expect(summary.textContent).not.toMatch(/[{}"]/);
    expect(native).not.toHaveBeenCalled();
  });

  it('a cancelled confirmation sends nothing; a refused transfer-all toasts the generic failure', async () => {
    const { calls } = setup({
      'POST /api/admin/transfer-to-shop': {
        body: { success: false, transferred: 0, remaining: 3, error: 'No cards to transfer' },
      },
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Quick Actions' }));
    await user.click(screen.getByRole('button', { name: 'Transfer All Non-Messi Cards' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Transfer All Non-Messi Cards?' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to transfer ALL non-Messi cards to the shop? This cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Transfer All Non-Messi Cards' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Transfer All Non-Messi Cards?' });
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Transfer Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to transfer cards to shop.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ transferAllNonMessi: true });
    const summary = screen.getByRole('region', { name: 'Last operation result' });
    expect(within(summary).getByText('Last operation result: Failed')).toBeInTheDocument();
    expect(within(summary).getByText('No cards to transfer')).toBeInTheDocument();
  });

  it('lists all users, sortable by each column', async () => {
    setup();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('heading', { name: 'All Users (3)' })).toBeInTheDocument();
    const ids = () => screen.getAllByTestId(/^user-/).map((r) => r.getAttribute('data-testid'));
    expect(ids()).toEqual(['user-5', 'user-6', 'user-7']);
    const five = screen.getByTestId('user-5');
    expect(within(five).getByText(/^\$20\.00/)).toBeInTheDocument();
    expect(within(screen.getByTestId('user-7')).getByText('No purchases')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-6')).getByText('N/A')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-6')).getByText('Admin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Coins' }));
    expect(ids()).toEqual(['user-6', 'user-7', 'user-5']);
    await user.click(screen.getByRole('button', { name: 'Coins' }));
    expect(ids()).toEqual(['user-5', 'user-7', 'user-6']);
    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(ids()).toEqual(['user-6', 'user-5', 'user-7']);
  });

  it('searches users by e-mail or username, clearable', async () => {
    setup();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await screen.findByRole('heading', { name: 'All Users (3)' });
    const ids = () => screen.getAllByTestId(/^user-/).map((r) => r.getAttribute('data-testid'));
    await user.type(screen.getByLabelText('Search by email or username'), 'ZED');
    await waitFor(() => expect(ids()).toEqual(['user-5']));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(ids()).toHaveLength(3);
  });
});
